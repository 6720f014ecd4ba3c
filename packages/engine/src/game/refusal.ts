// Refusals: the reducer says no to an action with a stable code (for programs: the server maps
// it to an HTTP error, a client picks its wording) and a human message (for the player).

/** Every reason the reducer can refuse an action. A closed list: add a code here, never reuse one. */
export const REFUSAL_CODES = [
  /** The action does not belong to the current phase (betting, playing, round over). */
  'WRONG_PHASE',
  /** A bet that is not a whole, non-negative number of credits. */
  'INVALID_BET',
  /** A bet on a spot the table does not have. */
  'INVALID_SPOT',
  /** A deal before every spot has a bet. */
  'NO_BET',
  /** The balance does not cover the bets, the double, the split or the insurance. */
  'INSUFFICIENT_BALANCE',
  /** Insurance asked for or declined when it is not on offer. */
  'INSURANCE_NOT_OFFERED',
  /** A hit on 21, or on split aces that take one card only. */
  'HIT_NOT_ALLOWED',
  /** A double the rules forbid here (not the first two cards, after a split without DAS, a restricted total, split aces). */
  'DOUBLE_NOT_ALLOWED',
  /** A split of two cards that are not a pair (by value). */
  'NOT_A_PAIR',
  /** A split past the table's limit, or a resplit of aces the table forbids. */
  'SPLIT_LIMIT',
  /** Surrender at a table without it, or on a hand that is not an unsplit two-card hand. */
  'SURRENDER_NOT_ALLOWED',
  /** setConfig with rules that do not validate. */
  'INVALID_RULES',
  /** The shoe must be shuffled and the caller gave no random source. */
  'RNG_REQUIRED',
  /** Rules whose spots and computer seats together need more seats than the table has. */
  'TABLE_FULL',
  /** Sitting out at a table with no computer seats: there would be nobody to deal to. */
  'NO_OTHER_PLAYERS',
  /** An action type the reducer does not know. */
  'UNKNOWN_ACTION',
  /** A bet the rules cannot pay exactly in whole credits (bet-step.ts, decision record 0045); a deal of one too. */
  'BET_NOT_PAYABLE',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** Thrown inside the reducer to refuse an action; step() turns it into { ok: false, code, reason }. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export function refuse(code: RefusalCode, message: string): never {
  throw new Refusal(code, message);
}
