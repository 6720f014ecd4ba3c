// A count of the player's own (src/counting/custom.ts): its checks, each with its stable code,
// and the promise that a custom count equal to a built-in one is that count everywhere: the
// table's running and true count, the simulator's result with the same seed, the index plays.
import { describe, expect, it } from 'vitest';
import { indexSourceFor } from '../src/coach/table-coach.ts';
import {
  CUSTOM_COUNT_CODES,
  CustomCountError,
  builtInTwin,
  countKey,
  countingSystemOf,
  initialRunningCount,
  parseCustomCount,
  runningCountOf,
  type CustomCount,
  type CustomCountCode,
} from '../src/counting/index.ts';
import { createGame } from '../src/game/create.ts';
import { step } from '../src/game/reducer.ts';
import type { GameAction, GameState } from '../src/game/types.ts';
import { generateIndices } from '../src/indices/generate.ts';
import { indexTableFor, precomputedIndices } from '../src/indices/index-table-for.ts';
import { parseRules } from '../src/rules.ts';
import { seededRng } from '../src/rng.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { RANKS, SUITS, type Card } from '../src/cards.ts';

const HI_LO: CustomCount = { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } };
const KO: CustomCount = { tags: { ...HI_LO.tags, 7: 1 }, irc: 0, key: -4, pivot: 4 };

function codeOf(input: unknown): CustomCountCode | null {
  try {
    parseCustomCount(input);
    return null;
  } catch (e) {
    if (e instanceof CustomCountError) return e.code;
    throw e;
  }
}

describe('checks, each with its stable code', () => {
  const cases: [string, unknown, CustomCountCode][] = [
    ['not an object', [1], 'COUNT_NOT_AN_OBJECT'],
    ['an unknown field', { ...HI_LO, name: 'x' }, 'COUNT_UNKNOWN_FIELD'],
    ['tags not an object', { tags: 'hilo' }, 'TAGS_NOT_AN_OBJECT'],
    ['a tag missing', { tags: { ...HI_LO.tags, T: undefined } }, 'TAG_MISSING'],
    ['an unknown card', { tags: { ...HI_LO.tags, K: -1 } }, 'TAG_UNKNOWN'],
    ['a tag not a half', { tags: { ...HI_LO.tags, 5: 1.25 } }, 'TAG_NOT_A_HALF'],
    ['a tag as a string', { tags: { ...HI_LO.tags, 5: '1' } }, 'TAG_NOT_A_HALF'],
    ['a tag beyond 4', { tags: { ...HI_LO.tags, T: -4.5 } }, 'TAG_OUT_OF_RANGE'],
    ['every tag 0', { tags: { A: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, T: 0 } }, 'TAGS_ALL_ZERO'],
    ['unbalanced without its pivot', { tags: KO.tags, irc: 0, key: -4 }, 'UNBALANCED_NEEDS_IRC_KEY_PIVOT'],
    ['balanced with an IRC', { ...HI_LO, irc: 2 }, 'BALANCED_TAKES_NO_IRC_KEY_PIVOT'],
    ['an IRC not a half', { ...KO, irc: 0.1 }, 'COUNT_VALUE_NOT_A_HALF'],
    ['a pivot beyond 50', { ...KO, pivot: 51 }, 'COUNT_VALUE_OUT_OF_RANGE'],
  ];
  it.each(cases)('%s', (_name, input, code) => {
    expect(codeOf(input)).toBe(code);
  });

  it('every code is reached by a case above; good counts pass as they are', () => {
    expect(new Set(cases.map((c) => c[2]))).toEqual(new Set(CUSTOM_COUNT_CODES));
    expect(parseCustomCount(HI_LO)).toEqual(HI_LO);
    expect(parseCustomCount(KO)).toEqual(KO);
    const halves = { tags: { A: -1, 2: 0.5, 3: 1, 4: 1, 5: 1.5, 6: 1, 7: 0.5, 8: 0, 9: -0.5, T: -1 } };
    expect(parseCustomCount(halves)).toEqual(halves);
  });
});

describe('the counting system of a custom count', () => {
  it('is its built-in twin when it counts exactly like one, and keyed apart otherwise', () => {
    expect(builtInTwin(countingSystemOf({ system: 'custom', custom: HI_LO }))).toBe('hi-lo');
    expect(builtInTwin(countingSystemOf({ system: 'custom', custom: KO }))).toBe('ko');
    expect(builtInTwin(countingSystemOf({ system: 'custom', custom: { ...KO, irc: 1 } }))).toBeNull();
    expect(builtInTwin(countingSystemOf({ system: 'custom', custom: { tags: { ...HI_LO.tags, 9: -1, A: 0 } } }))).toBeNull();
    expect(countKey({ system: 'custom', custom: HI_LO })).not.toBe(countKey({ system: 'custom', custom: KO }));
    expect(countKey({ system: 'custom', custom: KO })).toBe(countKey({ system: 'custom', custom: { ...KO, key: 0, pivot: 0 } }));
  });

  it('starts an unbalanced count at its one-deck IRC less a deck sum per further deck (KO 4 - 4d), keeps halves exact', () => {
    const ko = countingSystemOf({ system: 'custom', custom: KO });
    for (const decks of [1, 2, 6, 8]) expect(initialRunningCount(ko, decks)).toBe(4 - 4 * decks);
    const odd = countingSystemOf({ system: 'custom', custom: { tags: { ...HI_LO.tags, 7: 0.5 }, irc: -1.5, key: 1, pivot: 0.5 } });
    expect(initialRunningCount(odd, 6)).toBe(-1.5 - 2 * 5);
    const deck: Card[] = SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit })));
    expect(runningCountOf(odd, deck, 1)).toBe(-1.5 + 2); // a whole deck adds the deck sum
  });

  it('a built-in count with a custom definition, or custom without one, is refused', () => {
    expect(() => countingSystemOf({ system: 'hi-lo', custom: HI_LO })).toThrow(CustomCountError);
    expect(() => countingSystemOf({ system: 'custom' })).toThrow(CustomCountError);
    expect(() => createGame({ counting: { system: 'custom' } })).toThrow(CustomCountError);
  });
});

/** Plays the same seeded sequence of rounds on a table with each count; returns every state. */
function playRounds(counting: { system: 'hi-lo' | 'custom'; custom?: CustomCount }, rounds: number): GameState[] {
  const rng = seededRng(2024);
  let s = createGame({ rules: { numDecks: 2, otherPlayers: 2 }, balance: 100_000, counting: { ...counting, resolution: 'exact', rounding: 'none' } });
  const states: GameState[] = [s];
  const act = (a: GameAction): void => {
    const r = step(s, a, rng);
    if (r.ok) {
      s = r.state;
      states.push(s);
    }
  };
  for (let i = 0; i < rounds; i++) {
    act({ type: 'bet', amount: 10 });
    act({ type: 'deal' });
    for (let k = 0; k < 8 && s.gamePhase === 'playing'; k++) act({ type: k % 3 === 0 ? 'hit' : 'stand' });
    if (s.gamePhase === 'insurance') act({ type: 'insurance', take: false });
    act({ type: 'newRound' });
  }
  return states;
}

describe('a custom count equal to Hi-Lo is Hi-Lo', () => {
  it('at the table: the same running and true count after every step of the same rounds', () => {
    const hiLo = playRounds({ system: 'hi-lo' }, 60);
    const custom = playRounds({ system: 'custom', custom: HI_LO }, 60);
    expect(custom.length).toBe(hiLo.length);
    expect(hiLo.at(-1)?.cardsDealtFromShoe).toBeGreaterThan(0);
    expect(custom.map((s) => [s.runningCount, s.trueCount])).toEqual(hiLo.map((s) => [s.runningCount, s.trueCount]));
    expect(hiLo.some((s) => s.runningCount !== 0)).toBe(true);
    expect(custom.at(-1)?.counting).toMatchObject({ system: 'custom', custom: HI_LO });
  });

  it('in the simulator: the same result with the same seed, index plays and insurance included', () => {
    const rules = parseRules({ numDecks: 6, insuranceAllowed: true });
    const options = { rules, spread: { '-inf': 1, '2': 4, '4': 8 }, indices: 'i18+fab4' as const };
    // Everything but the clock's fields.
    const run = (o: Parameters<typeof buildPlan>[0]) => {
      const { seconds: _s, roundsPerSecond: _r, ...result } = simulatePlan(buildPlan(o), 7, 100_000);
      return result;
    };
    const a = run({ ...options, count: 'hi-lo' });
    expect(run({ ...options, count: 'custom', custom: HI_LO })).toEqual(a);
    expect(a.perTrueCount.length).toBeGreaterThan(5);
    // A count that is not Hi-Lo may not play Hi-Lo's published numbers.
    expect(() => buildPlan({ ...options, count: 'custom', custom: { tags: { ...HI_LO.tags, 9: -1, A: 0 } } })).toThrow(/published Hi-Lo/);
  });

  it('its index plays: the published ones at the table, Hi-Lo’s table from the generator and the precomputed tables', () => {
    const rules = parseRules({});
    const counting = { resolution: 'half', rounding: 'floor' } as const;
    expect(indexSourceFor(rules, { system: 'custom', custom: HI_LO, ...counting })).toEqual(indexSourceFor(rules, { system: 'hi-lo', ...counting }));
    const options = { rules: parseRules({ numDecks: 2 }), samplesPerBin: 6, seed: 5, only: ['I18-16v10'] };
    const builtIn = generateIndices({ ...options, count: 'hi-lo' });
    const custom = generateIndices({ ...options, count: 'custom', custom: HI_LO });
    expect({ ...custom, count: 'hi-lo', custom: undefined }).toEqual({ ...builtIn, custom: undefined });
    expect(custom).toMatchObject({ count: 'custom', custom: HI_LO });
    const pre = precomputedIndices({ rules, count: 'custom', custom: HI_LO, trueCount: counting });
    expect(pre?.plays).toEqual(precomputedIndices({ rules, count: 'hi-lo', trueCount: counting })?.plays);
    expect(indexTableFor({ rules, count: 'custom', custom: HI_LO, trueCount: counting })).toMatchObject({ count: 'custom', precomputed: true });
  }, 60_000);

  it('a custom count of its own has no precomputed table: the coach says basic strategy only', () => {
    const rules = parseRules({});
    const own = { system: 'custom', custom: { tags: { ...HI_LO.tags, 9: -1, A: 0 } }, resolution: 'half', rounding: 'floor' } as const;
    const source = indexSourceFor(rules, own);
    expect(source.plays).toBeNull();
    expect(source.label).toMatch(/basic strategy only/);
  });
});
