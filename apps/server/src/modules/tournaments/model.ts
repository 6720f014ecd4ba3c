/**
 * A tournament as the module works with it: its row read once, its status from the clock, and
 * what may be shown of it (nothing secret: the seed stays here until it is closed).
 */
import { parseRules, type CountingOptions, type Rules } from '@card-counter/engine';
import type { TournamentStatus, TournamentSummary } from '@card-counter/shared';
import type { Selectable } from 'kysely';
import type { TournamentsTable } from './tables.ts';

export interface Tournament {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  rules: Rules;
  counting: CountingOptions;
  testMode: 'available' | 'imposed';
  /** null: the one shoe to its cut card. */
  rounds: number | null;
  betMin: number;
  betMax: number;
  chips: number;
  minEntrants: number;
  payoutsPct: number[];
  entryCredits: number;
  seed: string;
  commitments: string[];
  shoesCommitment: string;
  closedAt: Date | null;
  outcome: 'finished' | 'cancelled' | null;
}

export function tournamentOf(row: Selectable<TournamentsTable>): Tournament {
  return {
    id: row.id,
    name: row.name,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    rules: parseRules(row.rules),
    counting: row.counting as unknown as CountingOptions,
    testMode: row.test_mode,
    rounds: row.rounds,
    betMin: row.bet_min,
    betMax: row.bet_max,
    chips: row.chips,
    minEntrants: row.min_entrants,
    payoutsPct: row.payouts_pct,
    entryCredits: row.entry_credits,
    seed: row.shoes_seed,
    commitments: row.shoe_commitments,
    shoesCommitment: row.shoes_commitment,
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    outcome: row.outcome,
  };
}

/**
 * upcoming before the start, running until the closing (also past endsAt while the closing job
 * has not run: play is refused from endsAt on), then the closing's outcome.
 */
export function statusOf(t: Pick<Tournament, 'startsAt' | 'outcome'>, now: Date): TournamentStatus {
  if (t.outcome !== null) return t.outcome;
  return now < t.startsAt ? 'upcoming' : 'running';
}

/** Whether entries and play are over (the closing may not have run yet). */
export function isOver(t: Pick<Tournament, 'endsAt' | 'closedAt'>, now: Date): boolean {
  return t.closedAt !== null || now >= t.endsAt;
}

export function summaryOf(t: Tournament, now: Date, entrants: number, entered: boolean): TournamentSummary {
  const { numDecks, shufflePoint, dealerStandsSoft17, dealerPeeks, doubleAfterSplit, surrenderAllowed, insuranceAllowed, blackjackPays, gameSpeed, numInitialHands, doubleDownRestriction, maxSplits, resplitAces, hitSplitAces, otherPlayers, otherPlayersErrorPct, earlySurrender, noHoleCardLosses, continuousShuffler } = t.rules;
  return {
    id: t.id,
    name: t.name,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt.toISOString(),
    status: statusOf(t, now),
    rules: { numDecks, shufflePoint, dealerStandsSoft17, dealerPeeks, doubleAfterSplit, surrenderAllowed, insuranceAllowed, blackjackPays, gameSpeed, numInitialHands, doubleDownRestriction, maxSplits, resplitAces, hitSplitAces, otherPlayers, otherPlayersErrorPct, earlySurrender, noHoleCardLosses, continuousShuffler },
    counting: t.counting,
    testMode: t.testMode,
    rounds: t.rounds ?? 'shoe',
    betMin: t.betMin,
    betMax: t.betMax,
    chips: t.chips,
    minEntrants: t.minEntrants,
    payouts_pct: t.payoutsPct,
    entryCredits: t.entryCredits,
    entrants,
    pool: entrants * t.entryCredits,
    shoesCommitment: t.shoesCommitment,
    shoesCount: t.commitments.length,
    entered,
  };
}

/**
 * Credits per place from the pool (ADR 0057): each place's share of `pct`, over the places that
 * have an entrant (fewer entrants than places: the shares of the empty places go to the filled
 * ones in proportion), floored, and the credits the floors leave go one each to the largest
 * remainders, best place first on a tie. Sums to the pool exactly.
 */
export function payoutTable(pool: number, pct: readonly number[], entrants: number): number[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new Error(`payouts: bad pool ${pool}`);
  const places = pct.slice(0, Math.max(0, entrants));
  if (places.length === 0) return [];
  const total = places.reduce((a, b) => a + b, 0);
  const exact = places.map((p) => (pool * p) / total);
  const paid = exact.map((x) => Math.floor(x));
  let left = pool - paid.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    paid[i] = (paid[i] ?? 0) + 1;
    left -= 1;
  }
  if (left !== 0 || paid.reduce((a, b) => a + b, 0) !== pool) throw new Error('payouts invariant: the places do not share the pool exactly');
  return paid;
}
