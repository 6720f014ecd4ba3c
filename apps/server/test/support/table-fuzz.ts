/**
 * Random rounds for the table's fuzz tests: a seeded player bets, deals and picks among the
 * plays the screen would offer (legalPlays of the visible state), insurance and early surrender at random.
 */
import { betStepFor, legalPlays, seededRng, type VisibleGameState } from '@card-counter/engine';
import type { TableAction, TableSnapshot } from '@card-counter/shared';
import type { TableClient } from './table.ts';

export type Rand = () => number;

export function randOf(seed: number): Rand {
  const rng = seededRng(seed);
  return () => rng.nextUint32() / 0x1_0000_0000;
}

const BETS = [10, 15, 25, 50, 75, 100, 125, 250];
/** A round has at most 2 spots x 4 hands x a few plays: far below this. */
const ROUND_STEPS_MAX = 80;

function pick<T>(rand: Rand, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function nextPlay(rand: Rand, s: TableSnapshot): TableAction | null {
  const state = s.state;
  if (state.gamePhase === 'insurance') return { type: 'insurance', take: rand() < 0.5 };
  if (state.gamePhase === 'surrender') return { type: 'earlySurrender', take: rand() < 0.5 };
  if (state.gamePhase !== 'playing') return null;
  const legal = legalPlays(state as unknown as VisibleGameState);
  const plays = (Object.keys(legal) as (keyof typeof legal)[]).filter((k) => legal[k]);
  return { type: pick(rand, plays) };
}

/**
 * Plays one whole round: a bet on every spot, the deal, plays until it settles. Every answer
 * is passed to `seen` (for the leak capture). Returns the settled snapshot.
 */
export async function playRandomRound(table: TableClient, rand: Rand, seen: (s: TableSnapshot) => Promise<void> | void = () => {}): Promise<TableSnapshot> {
  let s = table.snapshot();
  // Up to the table's step (decision record 0045): 25 at 3:2 goes in as 26.
  const step = betStepFor(s.state.config) ?? 1;
  for (let spot = 0; spot < s.state.handBets.length; spot++) {
    s = await table.act({ type: 'bet', amount: Math.ceil(pick(rand, BETS) / step) * step, spot });
    await seen(s);
  }
  s = await table.act({ type: 'deal' });
  await seen(s);
  for (let i = 0; i < ROUND_STEPS_MAX; i++) {
    const play = nextPlay(rand, s);
    if (play === null) return s;
    s = await table.act(play);
    await seen(s);
  }
  throw new Error('a round did not settle within its bound');
}
