/**
 * The benches' player at the table (bench:api and bench:scale): one whole round through the
 * table API, acting like a person who bets 10 to 105, mostly hits or stands, and doubles or
 * splits now and then when offered. `act` sends one action and updates `c.snapshot`; the
 * caller decides how (its own HTTP client, pauses, retries, what it records).
 */
import { legalPlays, type VisibleGameState } from '@card-counter/engine';
import type { TableAction, TableSnapshot } from '@card-counter/shared';

/** A round that has not settled after this many actions is a bug, not a long round. */
const ROUND_STEPS_MAX = 80;

export async function playRound(
  c: { snapshot: TableSnapshot },
  act: (action: TableAction) => Promise<void>,
  rand: () => number,
): Promise<void> {
  // In tens: a bet every offered payout pays exactly (decision record 0045: 3:2 needs even bets).
  await act({ type: 'bet', amount: 10 + 10 * Math.floor(rand() * 10) });
  await act({ type: 'deal' });
  for (let i = 0; i < ROUND_STEPS_MAX; i++) {
    const s = c.snapshot.state;
    if (s.gamePhase === 'insurance') await act({ type: 'insurance', take: false });
    else if (s.gamePhase === 'playing') {
      const legal = legalPlays(s as unknown as VisibleGameState);
      // Mostly hit/stand, like a real player; doubles and splits when offered, now and then.
      const options = (['hit', 'stand', 'stand', 'double', 'split'] as const).filter((k) => legal[k]);
      await act({ type: options[Math.floor(rand() * options.length)] ?? 'stand' });
    } else return;
  }
  throw new Error('a round did not settle within its bound');
}

/** The p-th percentile of ascending `sorted` (nearest rank below); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
