import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type CountingOptions } from '@card-counter/engine';
import type { PlayerIndexSet } from '@card-counter/shared';
import { chosenSetFor, fleetQueryOf, indexSetKeyOf } from '@/shared/index-sets/index-set-key.ts';
import { POLLS_MAX, POLL_MAX_ms, pollDelay_ms } from '@/shared/index-sets/index-set-poll.ts';

const ZEN: CountingOptions = { system: 'zen', resolution: 'half', rounding: 'floor' };

function set(over: Partial<PlayerIndexSet>): PlayerIndexSet {
  return { name: 'Mine', count: 'zen', rules: {}, resolution: 'half', rounding: 'floor', plays: [], insurance: null, chosen: true, ...over };
}

describe('which index set a table plays by', () => {
  it("finds the player's chosen set for the table's rules, count and convention, as the server keys it", () => {
    const mine = set({ name: 'Zen edits' });
    const sets = [set({ name: 'Not chosen', chosen: false }), set({ name: 'Two decks', rules: { numDecks: 2 } }), set({ name: 'Hi-Lo', count: 'hi-lo' }), set({ name: 'Rounded', rounding: 'round' }), mine];
    expect(chosenSetFor(sets, DEFAULT_RULES, ZEN)).toBe(mine);
    expect(chosenSetFor(sets, { ...DEFAULT_RULES, numDecks: 2 }, ZEN)?.name).toBe('Two decks');
    expect(chosenSetFor(sets, DEFAULT_RULES, { ...ZEN, system: 'ko' })).toBeNull();
  });

  it('ignores the rules that do not change the plays (speed, seats) and keeps those that do', () => {
    expect(indexSetKeyOf({ ...DEFAULT_RULES, gameSpeed: 2, otherPlayers: 3 }, ZEN)).toBe(indexSetKeyOf(DEFAULT_RULES, ZEN));
    expect(indexSetKeyOf({ ...DEFAULT_RULES, dealerStandsSoft17: !DEFAULT_RULES.dealerStandsSoft17 }, ZEN)).not.toBe(indexSetKeyOf(DEFAULT_RULES, ZEN));
  });

  it('passes over a set whose stored rules no longer parse', () => {
    expect(chosenSetFor([set({ rules: { numDecks: 99 } })], DEFAULT_RULES, ZEN)).toBeNull();
  });

  it("asks GET /api/indices with the keyed rules only (the contract's JSON fields)", () => {
    const q = new URLSearchParams(fleetQueryOf({ ...DEFAULT_RULES, gameSpeed: 2 }, ZEN));
    expect(q.get('count')).toBe('zen');
    expect(q.get('resolution')).toBe('half');
    expect(q.get('rounding')).toBe('floor');
    expect(q.has('custom')).toBe(false);
    const rules = JSON.parse(q.get('rules') ?? '') as Record<string, unknown>;
    expect(rules.numDecks).toBe(DEFAULT_RULES.numDecks);
    expect('gameSpeed' in rules).toBe(false);
  });
});

describe('polling a set being generated', () => {
  it('starts at 1 s, grows by half each time, waits at most 8 s and stops after POLLS_MAX polls', () => {
    expect([0, 1, 2, 3].map(pollDelay_ms)).toEqual([1000, 1500, 2250, 3375]);
    expect(pollDelay_ms(6)).toBe(POLL_MAX_ms);
    expect(pollDelay_ms(POLLS_MAX - 1)).toBe(POLL_MAX_ms);
    expect(pollDelay_ms(POLLS_MAX)).toBeNull();
    expect(() => pollDelay_ms(-1)).toThrow(RangeError);
  });
});
