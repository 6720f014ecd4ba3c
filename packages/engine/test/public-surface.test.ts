// The engine's public surface is chosen name by name (decision record 0008): src/index.ts has no
// `export *`, package.json exports three entry points, code outside the package imports nothing
// else, and nothing under src/ needs Node. Widening the surface means editing the list below.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as engine from '../src/index.ts';

const engineDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(engineDir, '../..');

const PUBLIC_RUNTIME_NAMES = [
  'ACE', 'CHUNK_ROUNDS', 'COUNTING_SYSTEMS', 'CUSTOM_COUNT_CODES', 'CUSTOM_COUNT_LIMITS', 'CustomCountError', 'TAG_KEYS',
  'builtInTwin', 'countBasis', 'countKey', 'countQuality', 'countingSystemOf', 'customSystemOfTags', 'deckSumOfTags', 'parseCountTags', 'parseCustomCount', 'tagsOfSystem', 'DEFAULT_COUNTING_SYSTEM', 'DEFAULT_RULES', 'DEFAULT_TRUE_COUNT_OPTIONS',
  'FAB_4_S17', 'ILLUSTRIOUS_18_S17', 'INITIAL_BALANCE', 'INSURANCE_INDEX', 'MAX_ROUNDS', 'MAX_THREADS', 'PLAYER_ACTIONS',
  'RANKS', 'REFUSAL_CODES', 'RULE_LIMITS', 'RulesError', 'SUITS', 'SimAbortedError', 'SimPool', 'TEN', 'UPCARD_KEYS',
  'basicStrategyRules', 'basicStrategyTable', 'rememberBasicStrategyTable', 'seatLayout',
  'bestAction', 'bestPlay', 'bettingPatternKey', 'buildPlan', 'cardFromCode', 'cardLabel', 'cardValue', 'chartPlay', 'coach', 'computeStrategy', 'countCard',
  'createGame', 'createShoe', 'currentHand', 'cryptoRng', 'dealerProbabilities', 'decisionCost', 'decisionCount', 'decksRemaining',
  'chartHand', 'entryId', 'fullSetOf', 'fullSetPlay', 'handKeyOf', 'holdsAt', 'publishedSetOf', 'tableKey',
  'fullShoe', 'generateIndices', 'getCountingSystem', 'handEvs', 'handTotal', 'indexPlays', 'indexPlaysOf', 'indexTableFor', 'initialRunningCount', 'insuranceIndexOf', 'legalActions', 'legalPlays',
  'optimalRamp', 'estimatePlayer', 'handKind', 'errorSources',
  'GRID_CELLS_MAX', 'GRID_VALUES_MAX', 'bestCell', 'gridCells', 'gridProblem', 'normalCdf', 'perHour', 'tripView',
  'BET_STEP_MAX', 'betStepFor', 'betStepMessage', 'isBetPayable',
  'BET_RAMP_LIMITS', 'BET_RAMP_PRESETS', 'BET_RIGHT_WITHIN_units', 'advantageAt', 'advantageBasis', 'advantageSlope', 'betFactsOf', 'betRampProblem',
  'effectiveTrueCount', 'gradeBet', 'rampFromSpread', 'rampUnitsAt',
  'adviseHand', 'evCost', 'gradeDecision', 'indexSourceFor', 'insuranceChoiceCost', 'insuranceEv', 'knownComposition', 'roundCredits',
  'earlySurrenderVs', 'evenMoneyOffered', 'surrenderAtTurn', 'surrenderBeforePeek', 'surrenderOffered', 'evenMoneyByBasic', 'evenMoneyGain', 'insuranceChoice', 'surrendersEarlyByChart', 'aceSideWeight', 'aceSurplus', 'bettingCount', 'sideCountsAces',
  'parseCard', 'parseCardValue', 'parseRules', 'precomputedIndices', 'preloadSimCore', 'rampUnits', 'randomFloat', 'recordBet', 'removeCards',
  'restoreGameState', 'restoreShoe', 'revealShoe', 'runPlan', 'runningCountOf', 'seededRng', 'serializeShoe', 'shoeCommitmentMessage',
  'shouldTakeInsurance', 'thresholdOf', 'simulate', 'simulatePlan', 'stackedShoe', 'step', 'tagOf', 'trueCount', 'upcardKey',
  'validateRules', 'verifyShoeReveal', 'visible', 'withdrawShoe',
  'SHOE_RESERVE_CARDS', 'cardsRemaining', 'dealtCodes', 'needsShuffle', 'visibleShoeSpent',
  // Issue 37's deviations drill (coach/index-worth.ts) and issue 39's deal log (game/deal-log.ts).
  'indexWorths', 'twoCardForms', 'worthBasis', 'DEAL_LOG_EVENTS_MAX',
];

/** Source files under dir (TypeScript and JavaScript), skipping dependencies and build output. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test-results', 'playwright-report', 'data'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Module specifiers of static and dynamic imports and re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
}

describe('the engine public surface', () => {
  it('src/index.ts names every export (no export *)', () => {
    const text = readFileSync(path.join(engineDir, 'src/index.ts'), 'utf8');
    expect(text).not.toMatch(/export\s*\*/);
  });

  it('exports exactly the listed runtime names', () => {
    expect(Object.keys(engine).sort()).toEqual([...PUBLIC_RUNTIME_NAMES].sort());
  });

  it('package.json exports the main entry and the two simulator pools, nothing else', () => {
    const pkg = JSON.parse(readFileSync(path.join(engineDir, 'package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(pkg.exports).toEqual({ '.': './src/index.ts', './sim/node': './node/sim-pool.ts', './sim/web': './src/sim/web/pool.ts' });
  });

  it('code outside the package imports only the entry points', () => {
    const allowed = new Set(['@card-counter/engine', '@card-counter/engine/sim/node', '@card-counter/engine/sim/web']);
    const offences: string[] = [];
    for (const area of ['apps', 'e2e', 'packages/shared']) {
      for (const file of sourceFiles(path.join(repoRoot, area))) {
        for (const spec of importsOf(file)) {
          const intoEngine = spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(engineDir + path.sep);
          if ((spec.startsWith('@card-counter/engine') && !allowed.has(spec)) || intoEngine) offences.push(`${path.relative(repoRoot, file)}: ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('nothing under src/ imports a Node module (it runs in a browser)', () => {
    const offences = sourceFiles(path.join(engineDir, 'src')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'worker_threads', 'child_process'].includes(spec))
        .map((spec) => `${path.relative(engineDir, file)}: ${spec}`),
    );
    expect(offences).toEqual([]);
  });
});
