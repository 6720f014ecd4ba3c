// Where the seats sit, in dealing order (seats.ts tells how the computer seats play). Apart from
// seats.ts so that the deal log (deal-log.ts), which dealing.ts uses, can name a hand's seat.

import type { Rules } from '../rules.ts';

/** One place at the table, in dealing order. */
export type SeatSlot = { kind: 'player'; seat: number; spot: number } | { kind: 'computer'; seat: number };

/** Computer seats dealt before the player's spots. */
export function seatsBefore(rules: Pick<Rules, 'otherPlayers'>): number {
  return Math.ceil(rules.otherPlayers / 2);
}

/** Every seat of the table in dealing order: computer seats around the player's spots. */
export function seatLayout(rules: Pick<Rules, 'otherPlayers' | 'numInitialHands'>): SeatSlot[] {
  const before = seatsBefore(rules);
  const slots: SeatSlot[] = [];
  for (let i = 0; i < before; i++) slots.push({ kind: 'computer', seat: i });
  for (let spot = 0; spot < rules.numInitialHands; spot++) slots.push({ kind: 'player', seat: before + spot, spot });
  for (let i = before; i < rules.otherPlayers; i++) slots.push({ kind: 'computer', seat: rules.numInitialHands + i });
  return slots;
}
