import { describe, expect, it } from 'vitest';
import { type Card, RANKS, SUITS, parseCard } from '../src/cards.ts';
import {
  COUNTING_SYSTEMS,
  type CountingSystemId,
  bettingPatternKey,
  countCard,
  decisionCount,
  decksRemaining,
  getCountingSystem,
  initialRunningCount,
  koKeyCount,
  recordBet,
  runningCountOf,
  tagOf,
  trueCount,
} from '../src/counting/index.ts';

const fullDeck: Card[] = SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit })));
const sumOverDeck = (id: CountingSystemId) => fullDeck.reduce((s, c) => s + tagOf(getCountingSystem(id), c), 0);

describe('tag tables', () => {
  it('balanced systems sum to 0 over a deck; KO +4, Red 7 +2', () => {
    for (const id of ['hi-lo', 'hi-opt-1', 'hi-opt-2', 'omega-2', 'zen', 'wong-halves'] as const) {
      expect(sumOverDeck(id), id).toBe(0);
      expect(COUNTING_SYSTEMS[id].balanced, id).toBe(true);
    }
    expect(sumOverDeck('ko')).toBe(4);
    expect(sumOverDeck('red-7')).toBe(2);
    expect(COUNTING_SYSTEMS.ko.balanced).toBe(false);
    expect(COUNTING_SYSTEMS['red-7'].balanced).toBe(false);
  });

  it('spot-checks published tags', () => {
    const hilo = getCountingSystem();
    expect(hilo.id).toBe('hi-lo');
    expect(['2', '6', '7', '9', '10', 'K', 'A'].map((r) => tagOf(hilo, parseCard(r)))).toEqual([1, 1, 0, 0, -1, -1, -1]);
    const halves = getCountingSystem('wong-halves');
    expect(['A', '2', '5', '7', '9', 'Q'].map((r) => tagOf(halves, parseCard(r)))).toEqual([-1, 0.5, 1.5, 0.5, -0.5, -1]);
    expect(tagOf(getCountingSystem('omega-2'), parseCard('9'))).toBe(-1);
    expect(tagOf(getCountingSystem('zen'), parseCard('A'))).toBe(-1);
    expect(tagOf(getCountingSystem('hi-opt-1'), parseCard('2'))).toBe(0);
    expect(tagOf(getCountingSystem('ko'), parseCard('7'))).toBe(1);
    const red7 = getCountingSystem('red-7');
    expect(tagOf(red7, parseCard('7h'))).toBe(1);
    expect(tagOf(red7, parseCard('7d'))).toBe(1);
    expect(tagOf(red7, parseCard('7s'))).toBe(0);
    expect(tagOf(red7, parseCard('7c'))).toBe(0);
  });
});

describe('running count', () => {
  it('counts from the IRC; a full shoe of an unbalanced system ends at IRC + decks * deck sum', () => {
    const ko = getCountingSystem('ko');
    expect(initialRunningCount(ko, 6)).toBe(-20);
    expect(runningCountOf(ko, [...fullDeck, ...fullDeck], 2)).toBe(-4 + 8);
    expect(initialRunningCount(getCountingSystem('red-7'), 6)).toBe(-12);
    expect(runningCountOf(getCountingSystem('hi-lo'), fullDeck, 1)).toBe(0);
    expect(koKeyCount(6)).toBe(-4);
    expect(koKeyCount(3)).toBeNull();
  });

  it('Wong Halves keeps exact half points', () => {
    const halves = getCountingSystem('wong-halves');
    const rc = ['2', '7', '5'].map(parseCard).reduce((rc, c) => countCard(halves, rc, c), 0);
    expect(rc).toBe(2.5);
  });
});

describe('true count conventions', () => {
  it('decks remaining by resolution, never below one step', () => {
    expect(decksRemaining(104, 'exact')).toBe(2);
    expect(decksRemaining(90, 'exact')).toBeCloseTo(90 / 52, 12);
    expect(decksRemaining(90, 'half')).toBe(1.5); // 1.73 -> 1.5
    expect(decksRemaining(100, 'half')).toBe(2); // 1.92 -> 2
    expect(decksRemaining(90, 'full')).toBe(2);
    expect(decksRemaining(5, 'half')).toBe(0.5);
    expect(decksRemaining(5, 'full')).toBe(1);
    expect(decksRemaining(0, 'exact')).toBe(1 / 52);
  });

  it('rounding: floor, truncate, round', () => {
    const exact = (rounding: 'floor' | 'truncate' | 'round' | 'none', rc: number) => trueCount(rc, 104, { resolution: 'exact', rounding });
    expect(exact('floor', 5)).toBe(2);
    expect(exact('floor', -5)).toBe(-3);
    expect(exact('truncate', -5)).toBe(-2);
    expect(exact('round', -5)).toBe(-3); // -2.5 rounds away from 0
    expect(exact('round', 3)).toBe(2); // 1.5 -> 2
    expect(exact('none', -5)).toBe(-2.5);
    expect(Object.is(exact('truncate', -1), 0)).toBe(true); // no -0
  });

  it('unbalanced systems decide on the running count', () => {
    const ko = getCountingSystem('ko');
    expect(decisionCount(ko, 3, 52)).toBe(3);
    expect(decisionCount(getCountingSystem('hi-lo'), 6, 156, { resolution: 'full', rounding: 'floor' })).toBe(2);
  });
});

describe('betting patterns', () => {
  it('accumulates per count key with avgBet', () => {
    let p = recordBet({}, 2, 10, 'win');
    p = recordBet(p, 2, 30, 'loss');
    p = recordBet(p, 2, 20, 'push');
    p = recordBet(p, -1, 5, 'loss');
    expect(p['count_2']).toEqual({ totalBets: 3, totalAmount: 60, wins: 1, losses: 1, avgBet: 20 });
    expect(p['count_-1']).toEqual({ totalBets: 1, totalAmount: 5, wins: 0, losses: 1, avgBet: 5 });
    expect(bettingPatternKey(-0)).toBe('count_0');
    expect(bettingPatternKey(1.5)).toBe('count_1.5');
    expect(() => recordBet(p, 0, 0, 'win')).toThrow();
  });
});
