// The simulator form's settings: defaults (the table's own rules), validation with the engine's
// own checks (parseRules, rampUnits, buildPlan's refusals) turned into one message per field,
// and the engine options a valid form gives. Nothing here computes a simulation number.
import {
  DEFAULT_RULES,
  DEFAULT_TRUE_COUNT_OPTIONS,
  builtInTwin,
  countingSystemOf,
  precomputedIndices,
  rampUnits,
  sideCountsAces,
  validateRules,
  type Rules,
  type SimPlanOptions,
} from '@card-counter/engine';
import { SIM_ROUNDS_MAX, SIM_ROUNDS_MIN, customCountProblem, type SimSettings } from '@card-counter/shared';

export type { SimSettings };

export const RAMP_PRESETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  Flat: { '-inf': 1 },
  '1-4': { '-inf': 1, '1': 2, '2': 3, '3': 4 },
  '1-8': { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 },
  '1-12': { '-inf': 1, '1': 2, '2': 4, '3': 8, '4': 12 },
  '1-16': { '-inf': 1, '1': 2, '2': 4, '3': 8, '4': 12, '5': 16 },
};

export function defaultThreads(): number {
  const n = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(16, Math.floor(n)));
}

export function defaultSettings(): SimSettings {
  const { gameSpeed: _speed, ...rules } = DEFAULT_RULES;
  return {
    rules: { ...rules },
    count: 'hi-lo',
    trueCount: { ...DEFAULT_TRUE_COUNT_OPTIONS },
    spread: { ...RAMP_PRESETS['1-8'] },
    indices: 'i18+fab4',
    insurance: 'index',
    wongIn: null,
    bankroll_units: 1000,
    rounds: 2_000_000,
    seed: 1,
    csm: false,
    threads: defaultThreads(),
  };
}

const RULE_LABELS: Record<string, string> = {
  numDecks: 'Decks',
  shufflePoint: 'Penetration',
  blackjackPays: 'Blackjack pays',
  numInitialHands: 'Spots played',
  maxSplits: 'Splits allowed',
  doubleDownRestriction: 'Double on',
  otherPlayers: 'Other players',
  otherPlayersErrorPct: 'Their errors',
  seats: 'Seats',
};

/** Workers a run may start: more than the cores only share them, and each holds its own memory. */
export const SIM_WORKERS_MAX = 16;

/**
 * The engine's message for a rule, in the player's words: the form's name for the field, never
 * the rule's key ("shufflePoint must be a number (got null)" read as code), and penetration in
 * the per cent the form shows, not the shuffle point's fraction.
 */
export function ruleMessage(key: string, message: string): string {
  const label = RULE_LABELS[key] ?? 'This rule';
  const empty = /\(got (null|undefined|"")\)/.test(message);
  if (key === 'shufflePoint') return `Penetration must be a number from 10% to 100% of the shoe${empty ? ': the field is empty' : ''}.`;
  const said = message
    .replace(/\(got (null|undefined|"")\)/, '(the field is empty)')
    .replace(/\(got ([^)]*)\)/, '(you entered $1)')
    // Every rule the message names (the seats' check names two), by the form's name for it.
    .replace(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g, (k) => RULE_LABELS[k] ?? k);
  return sentence(said.startsWith(label) ? said : `${label}: ${said}`);
}

/** Field name -> message; empty when the form can run. */
export type SettingsErrors = Partial<Record<string, string>>;

/** The engine's rules for these settings (throws RulesError; call after validateSettings). */
export function rulesOf(s: SimSettings): Rules {
  const r = validateRules(s.rules);
  if (!r.ok) throw new Error(r.message);
  return r.rules;
}

export function validateSettings(s: SimSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  const rules = validateRules(s.rules);
  // The engine's own message, after the name the form shows for the key.
  if (!rules.ok) errors[`rules.${rules.key}`] = ruleMessage(rules.key, rules.message);
  if (!Number.isInteger(s.rounds) || s.rounds < SIM_ROUNDS_MIN || s.rounds > SIM_ROUNDS_MAX) {
    errors.rounds = `Rounds must be a whole number from ${SIM_ROUNDS_MIN.toLocaleString('en-US')} to ${SIM_ROUNDS_MAX.toLocaleString('en-US')}.`;
  }
  if (!Number.isInteger(s.seed) || s.seed < 0 || s.seed > 2 ** 32 - 1) errors.seed = 'Seed must be a whole number from 0 to 4,294,967,295.';
  if (!Number.isInteger(s.threads) || s.threads < 1 || s.threads > SIM_WORKERS_MAX)
    errors.threads = `Workers must be a whole number from 1 to ${SIM_WORKERS_MAX} (more than this device's cores only share them).`;
  if (!Number.isFinite(s.bankroll_units) || s.bankroll_units < 0 || s.bankroll_units > 10_000_000) errors.bankroll_units = 'Bankroll must be 0 (no risk of ruin) to 10,000,000 units.';
  if (s.wongIn !== null && (!Number.isInteger(s.wongIn) || s.wongIn < -10 || s.wongIn > 10)) errors.wongIn = 'Wong in at a whole true count from -10 to 10.';
  const out = s.wongOut ?? null;
  if (out !== null && (!Number.isInteger(out) || out < -10 || out > 10)) errors.wongOut = 'Wong out below a whole true count from -10 to 10.';
  else if (out !== null && s.wongIn !== null && out > s.wongIn) errors.wongOut = 'Wong out at or below the wong-in count (or you would leave the round after sitting down).';
  const rps = s.roundsPerShoe ?? null;
  if (rps !== null && (!Number.isInteger(rps) || rps < 1 || rps > 1000)) errors.roundsPerShoe = 'Rounds per shoe must be a whole number from 1 to 1,000 (empty: the cut card).';
  const cut = s.cutCardSpread_decks ?? 0;
  if (!Number.isFinite(cut) || cut < 0 || (rules.ok && cut > rules.rules.numDecks)) errors.cutCardSpread_decks = 'The cut card moves within 0 decks up to the whole shoe.';
  if (s.spots) {
    const spotsProblem = validateSpots(s.spots, rules.ok ? rules.rules.otherPlayers : 0);
    if (spotsProblem) errors.spots = spotsProblem;
  }
  const ramp = validateRamp(s.spread);
  if (ramp) errors.spread = ramp;
  const customProblem = s.count === 'custom' ? customCountProblem(s.custom) : null;
  if (customProblem) {
    errors.count = s.custom === undefined ? 'Your custom count is not complete: every card needs a whole or half tag.' : sentence(customProblem.message);
    return errors;
  }
  // buildPlan's own refusals, checked before a run is charged. A custom count equal to Hi-Lo is Hi-Lo.
  // A full index set is made for its count (issue 37): the named plays' checks do not apply.
  if (s.indexSet) return errors;
  const isHiLo = builtInTwin(countingSystemOf({ system: s.count, custom: s.custom })) === 'hi-lo';
  if ((s.indices === 'i18' || s.indices === 'i18+fab4' || s.insurance === 'index') && !isHiLo && s.indices !== 'generated') {
    errors.indices = 'The Illustrious 18, Fab 4 and insurance at +3 are Hi-Lo numbers: pick Hi-Lo, or generated indices for this count.';
  }
  if (s.indices === 'generated' && rules.ok && !precomputedIndices({ rules: rules.rules, count: s.count, custom: s.custom, trueCount: s.trueCount })) {
    errors.indices = 'No generated index table is stored for these rules and count (generating one takes minutes: `bj indices`). Choose I18 + Fab 4 with Hi-Lo, or common rules.';
  }
  return errors;
}

/** Spots by count: whole numbers 1..7 that fit the table beside its other players. */
export function validateSpots(spots: Readonly<Record<string, number>>, otherPlayers: number): string | null {
  if (!('-inf' in spots)) return 'Spots by count need the spots below the lowest count (the "below" row).';
  for (const [k, v] of Object.entries(spots)) {
    if (!Number.isInteger(v) || v < 1 || v > 7) return `Spots at ${k === '-inf' ? 'the lowest counts' : `true count ${k}`} must be a whole number from 1 to 7.`;
    if (v + otherPlayers > 7) return `${v} spots and ${otherPlayers} other players do not fit the table's 7 seats.`;
  }
  return null;
}

/** The ramp's problem in words, or null: the engine's rampUnits() is the judge. */
export function validateRamp(spread: Readonly<Record<string, number>>): string | null {
  if (Object.keys(spread).length === 0) return 'The bet ramp needs at least one step.';
  if (!('-inf' in spread)) return 'The bet ramp needs a bet below its lowest count (the "below" row).';
  for (const [k, v] of Object.entries(spread)) {
    if (!Number.isFinite(v) || v <= 0) return `The bet at ${k === '-inf' ? 'the lowest counts' : `true count ${k}`} must be a positive number of units.`;
  }
  try {
    rampUnits(spread);
  } catch (e) {
    return sentence((e as Error).message);
  }
  return null;
}

/** buildPlan's options for valid settings (the generated table is looked up here). */
export function planOptionsOf(s: SimSettings): SimPlanOptions {
  const rules = rulesOf(s);
  const count = { count: s.count, ...(s.custom ? { custom: s.custom } : {}) };
  const indexTable = s.indices === 'generated' && !s.indexSet ? precomputedIndices({ rules, ...count, trueCount: s.trueCount }) : null;
  return {
    rules,
    ...count,
    trueCount: s.trueCount,
    spread: s.spread,
    wongIn: s.wongIn,
    wongOut: s.wongOut ?? null,
    midshoeEntry: s.midshoeEntry ?? false,
    // The spots below the step are the table's own (the form edits the step).
    spots: s.spots ? { ...s.spots, '-inf': rules.numInitialHands } : null,
    roundsPerShoe: s.roundsPerShoe ?? null,
    cutCardSpread_decks: s.cutCardSpread_decks ?? 0,
    // A full index set is played instead of the named plays (buildPlan refuses both at once).
    ...(s.indexSet ? { indices: 'none' as const, fullSet: { plays: s.indexSet.plays, insurance: s.indexSet.insurance } } : { indices: s.indices }),
    ...(indexTable ? { indexTable } : {}),
    insuranceByIndex: s.insurance === 'index',
    csm: s.csm,
    bankroll_units: s.bankroll_units,
    // Only a count the side count changes bets for takes it (buildPlan refuses the others).
    aceSideCount: s.aceSideCount === true && sideCountsAces(countingSystemOf({ system: s.count, ...(s.custom ? { custom: s.custom } : {}) })),
  };
}

function sentence(message: string): string {
  const m = message.trim();
  return m.charAt(0).toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? '' : '.');
}

/** Decisions needed before the screen offers to simulate them (fewer gives a rate of noise). */
export const MY_GAME_MIN_DECISIONS = 20;
