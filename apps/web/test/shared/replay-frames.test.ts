// The replay's model (shared/replay/model/replay-frames.ts): frames folded from the server's
// events show every card where it was dealt, the counts after it, the hole card face down until
// its turn, a split's second card on its new hand; the keys step within the round's bounds.
import type { RoundReplay } from '@card-counter/shared';
import { describe, expect, it } from 'vitest';
import { frameForKey, replayFrames } from '@/shared/replay/model/replay-frames.ts';

const c = (rank: string, suit = 'spades') => ({ rank, suit }) as { rank: '8'; suit: 'spades' };
const seat = (n: number, hand = 0, player = true) => ({ kind: 'seat' as const, seat: n, hand, player });
const counts = (runningCount: number, trueCount = runningCount / 6) => ({ runningCount, trueCount });

/** Seat 0 a computer seat, seat 1 the player: 8,8 v 6 (hole 10), split, each 8 takes a card. */
const REPLAY: RoundReplay = {
  shoe: 'a'.repeat(64),
  start: 1,
  seats: [{ seat: 0, player: false }, { seat: 1, player: true }],
  openAt: 0,
  at: '2026-12-06T21:00:00.000Z',
  events: [
    { kind: 'card', card: c('K'), to: seat(0, 0, false), ...counts(-1) },
    { kind: 'card', card: c('8'), to: seat(1), ...counts(-1) },
    { kind: 'card', card: c('6'), to: { kind: 'dealer', card: 'up' }, ...counts(0) },
    { kind: 'card', card: c('Q'), to: seat(0, 0, false), ...counts(-1) },
    { kind: 'card', card: c('8', 'hearts'), to: seat(1), ...counts(-1) },
    { kind: 'card', card: null, to: { kind: 'dealer', card: 'hole' }, ...counts(-1) },
    { kind: 'play', play: 'split', seat: 1, hand: 0, decision: { id: '7', chosen: 'split', best: 'split', correct: true, cost_credits: 0, trueCount: -0.2, evs: { split: 0.1, stand: -0.2 }, graded: true } },
    { kind: 'split', seat: 1, hand: 0, player: true },
    { kind: 'card', card: c('3'), to: seat(1, 0), ...counts(0) },
    { kind: 'card', card: c('2'), to: seat(1, 1), ...counts(1) },
    { kind: 'turn', card: c('10'), ...counts(0) },
  ],
};

describe('replay frames', () => {
  const frames = replayFrames(REPLAY);

  it('has one frame per event, each with the count after it', () => {
    expect(frames).toHaveLength(REPLAY.events.length);
    expect(frames.map((f) => f.runningCount)).toEqual([-1, -1, 0, -1, -1, -1, -1, -1, 0, 1, 0]);
    expect(frames.map((f) => f.cardsDealt)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 7, 8, 8]);
  });

  it('keeps the hole card face down until its turn, and never shows a card before it is dealt', () => {
    for (const f of frames.slice(5, -1)) expect(f.dealer).toEqual([c('6'), null]);
    expect(frames.at(-1)?.dealer).toEqual([c('6'), c('10')]);
    expect(frames[1]?.seats[0]?.hands).toEqual([[c('K')]]);
    expect(frames[1]?.seats[1]?.hands).toEqual([[c('8')]]);
    expect(frames[0]?.seats[1]?.hands).toEqual([]);
  });

  it('moves a split pair to two hands and deals each its card', () => {
    expect(frames[7]?.seats[1]?.hands).toEqual([[c('8')], [c('8', 'hearts')]]);
    expect(frames.at(-1)?.seats[1]?.hands).toEqual([[c('8'), c('3')], [c('8', 'hearts'), c('2')]]);
    expect(frames[6]?.decision?.evs?.split).toBe(0.1);
    expect(frames[9]?.caption).toBe('You, hand 2: 2♠');
    expect(frames[5]?.caption).toBe('Dealer: the hole card, face down');
    expect(frames.map((f) => f.who).slice(0, 3)).toEqual(['Seat 1', 'You', 'Dealer']);
    expect(frames[6]?.caption).toBe('You: split');
  });

  it('steps by key within the round', () => {
    expect(frameForKey('ArrowRight', 0, 11)).toBe(1);
    expect(frameForKey('k', 10, 11)).toBe(10);
    expect(frameForKey('J', 0, 11)).toBe(0);
    expect(frameForKey('ArrowLeft', 5, 11)).toBe(4);
    expect(frameForKey('End', 2, 11)).toBe(10);
    expect(frameForKey('Home', 9, 11)).toBe(0);
    expect(frameForKey('x', 3, 11)).toBeNull();
  });
});
