// The table rules: one type shared by the game reducer, the exact analyser and the simulator,
// so that what the game plays and what the simulator simulates cannot drift apart.
// Keys and defaults are the game config the web app shows and stores (RULE_LIMITS bounds each
// value), plus resplitAces / hitSplitAces.

export type DoubleDownRestriction = 'any' | '9-11' | '10-11';
/** Early surrender (decision record 0050): before the dealer checks for blackjack, against a ten only or a ten and an ace. */
export type EarlySurrender = 'none' | 'vs10' | 'all';
/** Without the peek, what a dealer blackjack takes: the original bets only (OBO) or every stake, doubles and splits too. */
export type NoHoleCardLosses = 'original' | 'all';

export interface Rules {
  /** Decks in the shoe, 1..8. */
  numDecks: number;
  /** Reshuffle before a round when the remaining fraction of the shoe is at or below this (0..0.9). */
  shufflePoint: number;
  /** Dealer stands on soft 17 (S17) when true, hits it (H17) when false. */
  dealerStandsSoft17: boolean;
  /** Dealer checks for blackjack under an ace or ten before the players act. */
  dealerPeeks: boolean;
  doubleAfterSplit: boolean;
  /** Late surrender: after the dealer's peek, first two cards of an unsplit hand only. */
  surrenderAllowed: boolean;
  insuranceAllowed: boolean;
  /** Payout of a natural, per unit bet (1.5 = 3:2, 1.2 = 6:5, 1 = even money). */
  blackjackPays: number;
  /** Animation speed factor for the UI; no effect on play. */
  gameSpeed: number;
  /** Spots the player plays each round, 1..7. */
  numInitialHands: number;
  doubleDownRestriction: DoubleDownRestriction;
  /** Number of splits allowed per spot (3 = up to four hands). */
  maxSplits: number;
  resplitAces: boolean;
  hitSplitAces: boolean;
  /**
   * Computer seats at the table besides the player's spots, 0..6 (spots + seats at most
   * SEATS_MAX). They play basic strategy from the same shoe; table-only, no effect on the analyser
   * or the simulator.
   */
  otherPlayers: number;
  /** How often a computer seat departs from basic strategy, in percent of its decisions, 0..20. */
  otherPlayersErrorPct: number;
  /**
   * Surrender before the dealer checks for blackjack (decision record 0050): 'vs10' against a
   * ten-valued upcard, 'all' against any upcard (the ace and the ten are where it differs from
   * late surrender). Against the other upcards surrender stays late, and only with surrenderAllowed.
   */
  earlySurrender: EarlySurrender;
  /**
   * European no hole card (dealerPeeks false): the dealer takes the second card after the
   * players act, and a dealer blackjack takes 'original' bets only or 'all' stakes (doubles and
   * splits too). No effect when the dealer peeks.
   */
  noHoleCardLosses: NoHoleCardLosses;
  /** A continuous shuffling machine: every round is dealt from a freshly shuffled shoe, so the count says nothing. */
  continuousShuffler: boolean;
}

export const DEFAULT_RULES: Readonly<Rules> = Object.freeze({
  numDecks: 6,
  shufflePoint: 0.25,
  dealerStandsSoft17: true,
  dealerPeeks: true,
  doubleAfterSplit: true,
  surrenderAllowed: true,
  insuranceAllowed: false,
  blackjackPays: 1.5,
  gameSpeed: 1,
  numInitialHands: 1,
  doubleDownRestriction: 'any',
  maxSplits: 3,
  resplitAces: false,
  hitSplitAces: false,
  otherPlayers: 0,
  otherPlayersErrorPct: 0,
  earlySurrender: 'none',
  noHoleCardLosses: 'original',
  continuousShuffler: false,
});

export const RULE_LIMITS = {
  numDecks_min: 1,
  numDecks_max: 8,
  shufflePoint_min: 0,
  shufflePoint_max: 0.9,
  blackjackPays_min: 1,
  blackjackPays_max: 2,
  gameSpeed_min: 0.25,
  gameSpeed_max: 4,
  numInitialHands_min: 1,
  numInitialHands_max: 7,
  maxSplits_min: 0,
  maxSplits_max: 3,
  otherPlayers_min: 0,
  otherPlayers_max: 6,
  otherPlayersErrorPct_min: 0,
  otherPlayersErrorPct_max: 20,
  /** Seats at one table: the player's spots plus the computer seats. */
  seats_max: 7,
} as const;

export class RulesError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'RulesError';
  }
}

const BOOLEAN_KEYS = [
  'dealerStandsSoft17',
  'dealerPeeks',
  'doubleAfterSplit',
  'surrenderAllowed',
  'insuranceAllowed',
  'resplitAces',
  'hitSplitAces',
  'continuousShuffler',
] as const;

function checkNumber(key: string, value: unknown, min: number, max: number, integer: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RulesError(key, `${key} must be a number (got ${JSON.stringify(value)}).`);
  }
  if (integer && !Number.isInteger(value)) {
    throw new RulesError(key, `${key} must be a whole number (got ${value}).`);
  }
  if (value < min || value > max) {
    throw new RulesError(key, `${key} must be between ${min} and ${max} (got ${value}).`);
  }
  return value;
}

/**
 * Validates a partial rules object (for example parsed from JSON) and fills missing keys with
 * the defaults. Throws RulesError naming the first bad key; unknown keys are refused too, so a
 * typo ("numDeck") is not silently ignored.
 */
export function parseRules(input: unknown = {}): Rules {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new RulesError('rules', 'rules must be an object of rule keys.');
  }
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!(key in DEFAULT_RULES)) throw new RulesError(key, `unknown rule "${key}".`);
  }
  const r: Rules = { ...DEFAULT_RULES, ...(raw as Partial<Rules>) };
  const L = RULE_LIMITS;
  checkNumber('numDecks', r.numDecks, L.numDecks_min, L.numDecks_max, true);
  checkNumber('shufflePoint', r.shufflePoint, L.shufflePoint_min, L.shufflePoint_max, false);
  checkNumber('blackjackPays', r.blackjackPays, L.blackjackPays_min, L.blackjackPays_max, false);
  checkNumber('gameSpeed', r.gameSpeed, L.gameSpeed_min, L.gameSpeed_max, false);
  checkNumber('numInitialHands', r.numInitialHands, L.numInitialHands_min, L.numInitialHands_max, true);
  checkNumber('maxSplits', r.maxSplits, L.maxSplits_min, L.maxSplits_max, true);
  checkNumber('otherPlayers', r.otherPlayers, L.otherPlayers_min, L.otherPlayers_max, true);
  checkNumber('otherPlayersErrorPct', r.otherPlayersErrorPct, L.otherPlayersErrorPct_min, L.otherPlayersErrorPct_max, true);
  if (r.numInitialHands + r.otherPlayers > L.seats_max) {
    // Its own key: the reducer refuses this one as TABLE_FULL, not as a bad value.
    throw new RulesError('seats', `The table has ${L.seats_max} seats: ${r.numInitialHands} spots and ${r.otherPlayers} other players do not fit.`);
  }
  for (const key of BOOLEAN_KEYS) {
    if (typeof r[key] !== 'boolean') {
      throw new RulesError(key, `${key} must be true or false (got ${JSON.stringify(r[key])}).`);
    }
  }
  if (!['any', '9-11', '10-11'].includes(r.doubleDownRestriction)) {
    throw new RulesError(
      'doubleDownRestriction',
      `doubleDownRestriction must be 'any', '9-11' or '10-11' (got ${JSON.stringify(r.doubleDownRestriction)}).`,
    );
  }
  checkChoice('earlySurrender', r.earlySurrender, ['none', 'vs10', 'all']);
  checkChoice('noHoleCardLosses', r.noHoleCardLosses, ['original', 'all']);
  return r;
}

function checkChoice(key: string, value: unknown, choices: readonly string[]): void {
  if (typeof value === 'string' && choices.includes(value)) return;
  const names = choices.map((c) => `'${c}'`);
  throw new RulesError(key, `${key} must be ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]} (got ${JSON.stringify(value)}).`);
}

/** The result of validate() for callers that want a message instead of an exception. */
export function validateRules(input: unknown): { ok: true; rules: Rules } | { ok: false; key: string; message: string } {
  try {
    return { ok: true, rules: parseRules(input) };
  } catch (e) {
    if (e instanceof RulesError) return { ok: false, key: e.key, message: e.message };
    throw e;
  }
}

// ---- Rule predicates shared by the reducer, the analyser and the simulator. ----
// They take plain numbers so the simulator's hot loop can call them without allocating.

/** May a two-card hand with this hard/soft total be doubled? (isSplitHand: after a split). */
export function canDoubleTotal(rules: Rules, total: number, isSplitHand: boolean): boolean {
  if (isSplitHand && !rules.doubleAfterSplit) return false;
  switch (rules.doubleDownRestriction) {
    case 'any':
      return true;
    case '9-11':
      return total >= 9 && total <= 11;
    case '10-11':
      return total >= 10 && total <= 11;
  }
}

/** Does the dealer draw on this total? soft = an ace counted as 11. */
export function dealerHits(rules: Rules, total: number, soft: boolean): boolean {
  if (total < 17) return true;
  return total === 17 && soft && !rules.dealerStandsSoft17;
}

/** Is surrender offered against this upcard (value 1..10) at all, early or late? */
export function surrenderOffered(rules: Rules, upcardValue: number): boolean {
  return rules.surrenderAllowed || earlySurrenderVs(rules, upcardValue);
}

/**
 * Is surrender against this upcard early (decision record 0050): it keeps half the bet even
 * against a dealer blackjack? Early surrender against a 2..9 is the same as late (no blackjack
 * is possible), so only 'all' offers it there.
 */
export function earlySurrenderVs(rules: Rules, upcardValue: number): boolean {
  if (rules.earlySurrender === 'all') return true;
  return rules.earlySurrender === 'vs10' && upcardValue === 10;
}

/** A dealer blackjack without the peek takes doubled and split stakes too. */
export function losesAllStakesToBlackjack(rules: Rules): boolean {
  return !rules.dealerPeeks && rules.noHoleCardLosses === 'all';
}

/**
 * Is surrender against this upcard asked before the dealer's peek, as a question of its own
 * (the table's 'surrender' phase)? Early surrender where the dealer peeks under the upcard.
 * Without a peek every surrender is asked at the hand's turn, early or late by earlySurrenderVs.
 */
export function surrenderBeforePeek(rules: Rules, upcardValue: number): boolean {
  return rules.dealerPeeks && (upcardValue === 1 || upcardValue === 10) && earlySurrenderVs(rules, upcardValue);
}

/** Is surrender asked at the hand's own turn against this upcard (late, or early without a peek)? */
export function surrenderAtTurn(rules: Rules, upcardValue: number): boolean {
  return surrenderOffered(rules, upcardValue) && !surrenderBeforePeek(rules, upcardValue);
}

/**
 * Is even money offered to a natural against this upcard? With insurance, against an ace: the
 * natural is paid 1 to 1 at once, before the dealer checks (decision record 0050). At 3:2 it is
 * worth exactly what insuring the natural is; below 3:2 it is worth more, and at 6:5 it beats
 * declining unless fewer than one unseen card in six is a ten.
 */
export function evenMoneyOffered(rules: Pick<Rules, 'insuranceAllowed'>, upcardValue: number): boolean {
  return rules.insuranceAllowed && upcardValue === 1;
}
