// Every refusal of the reducer carries a stable code from REFUSAL_CODES beside its message, and
// leaves the state untouched (the same object, the same version); every accepted step adds one
// to the version.
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES, createGame, legalActions, step, visible, type GameAction, type GameState, type RefusalCode } from '../src/game/index.ts';
import { seededRng } from '../src/rng.ts';
import { DEAL, DOUBLE, HIT, SPLIT, STAND, SURRENDER, bet, play, stackedGame } from './game-helpers.ts';

interface Case {
  name: string;
  state: () => GameState;
  action: GameAction;
  code: RefusalCode;
  reason: RegExp;
}

const CASES: Case[] = [
  { name: 'hit while betting', state: () => stackedGame([]), action: HIT, code: 'WRONG_PHASE', reason: /no hand to hit/ },
  { name: 'deal during a round', state: () => play(stackedGame(['10', '6', '7', '10']), [bet(10), DEAL]), action: DEAL, code: 'WRONG_PHASE', reason: /already in progress/ },
  { name: 'bet during a round', state: () => play(stackedGame(['10', '6', '7', '10']), [bet(10), DEAL]), action: bet(20), code: 'WRONG_PHASE', reason: /between rounds/ },
  { name: 'new round before the round is over', state: () => stackedGame([]), action: { type: 'newRound' }, code: 'WRONG_PHASE', reason: /Finish the round/ },
  { name: 'reset mid-round', state: () => play(stackedGame(['10', '6', '7', '10']), [bet(10), DEAL]), action: { type: 'reset' }, code: 'WRONG_PHASE', reason: /before resetting/ },
  { name: 'rules changed mid-round', state: () => play(stackedGame(['10', '6', '7', '10']), [bet(10), DEAL]), action: { type: 'setConfig', rules: {} }, code: 'WRONG_PHASE', reason: /between rounds/ },
  { name: 'a fractional bet', state: () => stackedGame([]), action: bet(2.5), code: 'INVALID_BET', reason: /whole number/ },
  { name: 'a negative bet', state: () => stackedGame([]), action: bet(-5), code: 'INVALID_BET', reason: /whole number/ },
  { name: 'a bet on a spot the table lacks', state: () => stackedGame([]), action: bet(10, 3), code: 'INVALID_SPOT', reason: /no spot 3/ },
  { name: 'a deal without a bet', state: () => stackedGame([]), action: DEAL, code: 'NO_BET', reason: /Place your bet first/ },
  { name: 'a deal with a spot left empty', state: () => play(stackedGame([], { numInitialHands: 2 }), [bet(10, 0)]), action: DEAL, code: 'NO_BET', reason: /every spot/ },
  { name: 'a bet over the balance', state: () => stackedGame([], {}, 100), action: bet(102), code: 'INSUFFICIENT_BALANCE', reason: /Not enough balance/ },
  { name: 'a 25 bet at 3:2 (its blackjack would pay 37.5)', state: () => stackedGame([], { surrenderAllowed: false }), action: bet(25), code: 'BET_NOT_PAYABLE', reason: /steps of 2 credits so every payout is exact/ },
  { name: 'a 25 bet at 6:5 with surrender', state: () => stackedGame([], { blackjackPays: 1.2 }), action: bet(25), code: 'BET_NOT_PAYABLE', reason: /steps of 10 credits/ },
  {
    name: 'a deal of a bet stored before bets went in steps',
    state: () => ({ ...stackedGame(['10', '6', 'A', '10']), handBets: [25], currentBet: 25 }),
    action: DEAL,
    code: 'BET_NOT_PAYABLE',
    reason: /steps of 2 credits/,
  },
  {
    name: 'a double over the balance',
    state: () => play(stackedGame(['5', '6', '6', '10'], {}, 100), [bet(60), DEAL]),
    action: DOUBLE,
    code: 'INSUFFICIENT_BALANCE',
    reason: /to double/,
  },
  {
    name: 'a split over the balance',
    state: () => play(stackedGame(['8', '6', '8', '10'], {}, 100), [bet(60), DEAL]),
    action: SPLIT,
    code: 'INSUFFICIENT_BALANCE',
    reason: /to split/,
  },
  {
    name: 'insurance over the balance',
    state: () => play(stackedGame(['10', 'A', '6', '9'], { insuranceAllowed: true }, 100), [bet(100), DEAL]),
    action: { type: 'insurance', take: true },
    code: 'INSUFFICIENT_BALANCE',
    reason: /for insurance/,
  },
  { name: 'insurance while betting', state: () => stackedGame([]), action: { type: 'insurance', take: true }, code: 'INSURANCE_NOT_OFFERED', reason: /not on offer/ },
  {
    name: 'insurance declined under a ten',
    state: () => play(stackedGame(['10', '10', '6', '7'], { insuranceAllowed: true }), [bet(10), DEAL]),
    action: { type: 'insurance', take: false },
    code: 'INSURANCE_NOT_OFFERED',
    reason: /not on offer/,
  },
  {
    name: 'a hit on split aces',
    // A,A v 6: split; the first ace draws another ace and may be resplit, so it stays current.
    state: () => play(stackedGame(['A', '6', 'A', '10', 'A', '9', '9'], { resplitAces: true }), [bet(10), DEAL, SPLIT]),
    action: HIT,
    code: 'HIT_NOT_ALLOWED',
    reason: /Split aces take one card only/,
  },
  {
    name: 'a double on three cards',
    state: () => play(stackedGame(['5', '6', '3', '10', '2']), [bet(10), DEAL, HIT]),
    action: DOUBLE,
    code: 'DOUBLE_NOT_ALLOWED',
    reason: /first two cards/,
  },
  {
    name: 'a double after a split without DAS',
    state: () => play(stackedGame(['8', '6', '8', '10', '3', '9'], { doubleAfterSplit: false }), [bet(10), DEAL, SPLIT]),
    action: DOUBLE,
    code: 'DOUBLE_NOT_ALLOWED',
    reason: /after a split/,
  },
  {
    name: 'a double on a total the table restricts',
    state: () => play(stackedGame(['5', '6', '3', '10'], { doubleDownRestriction: '10-11' }), [bet(10), DEAL]),
    action: DOUBLE,
    code: 'DOUBLE_NOT_ALLOWED',
    reason: /10-11/,
  },
  { name: 'a split of two different cards', state: () => play(stackedGame(['5', '6', '3', '10']), [bet(10), DEAL]), action: SPLIT, code: 'NOT_A_PAIR', reason: /same value/ },
  {
    name: 'a split past the limit',
    state: () => play(stackedGame(['8', '6', '8', '10', '8', '9'], { maxSplits: 1 }), [bet(10), DEAL, SPLIT]),
    action: SPLIT,
    code: 'SPLIT_LIMIT',
    reason: /limit is 1/,
  },
  {
    name: 'surrender at a table without it',
    state: () => play(stackedGame(['10', '10', '6', '7'], { surrenderAllowed: false }), [bet(10), DEAL]),
    action: SURRENDER,
    code: 'SURRENDER_NOT_ALLOWED',
    reason: /not allowed at this table/,
  },
  {
    name: 'surrender after a split',
    state: () => play(stackedGame(['8', '6', '8', '10', '3', '9']), [bet(10), DEAL, SPLIT]),
    action: SURRENDER,
    code: 'SURRENDER_NOT_ALLOWED',
    reason: /before splitting/,
  },
  { name: 'rules that do not validate', state: () => stackedGame([]), action: { type: 'setConfig', rules: { numDecks: 99 } }, code: 'INVALID_RULES', reason: /numDecks/ },
  {
    name: 'more spots and computer seats than the table has',
    state: () => stackedGame([]),
    action: { type: 'setConfig', rules: { numInitialHands: 3, otherPlayers: 5 } },
    code: 'TABLE_FULL',
    reason: /7 seats/,
  },
  { name: 'sitting out at a table with nobody else', state: () => stackedGame([]), action: { type: 'sitOut' }, code: 'NO_OTHER_PLAYERS', reason: /nobody else/ },
  { name: 'a deal that needs a shuffle without a random source', state: () => play(createGame(), [bet(10)]), action: DEAL, code: 'RNG_REQUIRED', reason: /no random source/ },
  { name: 'an unknown action', state: () => stackedGame([]), action: { type: 'fold' } as unknown as GameAction, code: 'UNKNOWN_ACTION', reason: /Unknown action "fold"/ },
  {
    name: "the old 'placeBet' alias (dropped: 'bet' is the one way to bet)",
    state: () => stackedGame([]),
    action: { type: 'placeBet', amount: 10 } as unknown as GameAction,
    code: 'UNKNOWN_ACTION',
    reason: /placeBet/,
  },
];

describe('refusal codes', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.code}, state and version unchanged`, () => {
      const state = c.state();
      const before = structuredClone(state);
      const r = step(state, c.action);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.code).toBe(c.code);
      expect(r.reason).toMatch(c.reason);
      expect(r.state).toBe(state);
      expect(state).toEqual(before);
      expect(r.state.version).toBe(before.version);
    });
  }

  it('every code of the closed list has a case above', () => {
    expect(new Set(CASES.map((c) => c.code))).toEqual(new Set(REFUSAL_CODES));
  });
});

describe('state version', () => {
  it('a new game is version 0 and visible() shows the version', () => {
    const s = createGame();
    expect(s.version).toBe(0);
    expect(visible(s).version).toBe(0);
  });

  it('every accepted step adds one, refused steps and legalActions() add nothing', () => {
    const rng = seededRng(7);
    let s = createGame();
    let accepted = 0;
    const actions: GameAction[] = [HIT, bet(10), DEAL, STAND, HIT, { type: 'newRound' }, { type: 'newRound' }, bet(20), DEAL, STAND, STAND];
    for (const a of actions) {
      legalActions(s, rng);
      const r = step(s, a, rng);
      if (r.ok) accepted++;
      expect(r.state.version).toBe(accepted);
      s = r.state;
    }
    expect(accepted).toBeGreaterThanOrEqual(6);
  });
});
