import type { VisibleGameState } from '@card-counter/engine';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableAnnouncer } from '@/features/game/components/table-announcer.tsx';
import { tableAnnouncement } from '@/features/game/model/announce.ts';
import type { Verdict } from '@/features/game/model/coach-verdicts.ts';
import { playedStates } from '../../support/played-states.ts';

const play = playedStates;

/** Each step's announcement after the first state. */
function spoken(states: VisibleGameState[]): (string | null)[] {
  return states.slice(1).map((s, i) => tableAnnouncement(states[i] ?? null, s));
}

describe('what the table announces to a screen reader', () => {
  it('says nothing for the first state it sees, nor when nothing changed', () => {
    const [start] = play(['10h', '9s', '8c', '7d'], []);
    expect(tableAnnouncement(null, start!)).toBeNull();
    expect(tableAnnouncement(start!, start!)).toBeNull();
  });

  it('a deal names every card the player can see and the totals; the round’s end names the dealer’s hand and the result', () => {
    // 10h 8c (18) against 9s up, 7d in the hole; the dealer draws 10s and busts.
    const [bet, dealt, stood] = spoken(play(['10h', '9s', '8c', '7d', '10s'], [{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'stand' }]));
    expect(bet).toBe('Bet 100. Click Deal!');
    expect(dealt).toBe('Dealt. You: Ten of hearts and Eight of clubs, 18. Dealer shows Nine of spades (9 showing). 18. Hit or stand?');
    // The hole card is never named before it is turned.
    expect(dealt).not.toContain('Seven');
    expect(stood).toMatch(/^Dealer has Nine of spades, Seven of diamonds and Ten of spades: Bust 26\. /);
    expect(stood).toMatch(/win/i);
  });

  it('a hit names the card drawn and the new total', () => {
    // 10h 2c (12) v 9s; the hit draws 5d (17).
    const [, , hit] = spoken(play(['10h', '9s', '2c', '7d', '5d'], [{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'hit' }]));
    expect(hit).toBe('You drew Five of diamonds: 17. 17. Hit or stand?');
  });

  it('a split says how many hands there are and names each hand whole', () => {
    // 8h 8c v 6s (hole 10d); the split deals 3h to hand 1 (11) and 2d to hand 2 (10).
    const [, , split] = spoken(play(['8h', '6s', '8c', '10d', '3h', '2d'], [{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'split' }]));
    expect(split).toContain('Split: 2 hands.');
    expect(split).toContain('Hand 1: Eight of hearts and Three of hearts, 11.');
    expect(split).toMatch(/Hand 2: Eight of clubs/);
  });

  it('a natural dealt ends the round in the same announcement', () => {
    const [, dealt] = spoken(play(['Ah', '9s', 'Kc', '7d'], [{ type: 'bet', amount: 100 }, { type: 'deal' }]));
    expect(dealt).toMatch(/^Dealt\. You: Ace of hearts and King of clubs, /);
    expect(dealt).toContain('Dealer has Nine of spades and Seven of diamonds: 16.');
    expect(dealt).toMatch(/blackjack/i);
  });
});

describe('the announcer', () => {
  it('keeps one log in the page and adds a line per change, the coach’s verdict first', () => {
    const states = play(['10h', '9s', '2c', '7d', '5d'], [{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'hit' }]);
    const { rerender } = render(<TableAnnouncer state={states[0]!} verdict={null} />);
    const log = screen.getByRole('log', { name: 'Table announcements' });
    expect(log.textContent).toBe('');
    rerender(<TableAnnouncer state={states[1]!} verdict={null} />);
    rerender(<TableAnnouncer state={states[2]!} verdict={null} />);
    const verdict: Verdict = { hand: [10, 2], upcard: 9, trueCount: 0, chosen: 'hit', correct: true, cost: 0, advice: { recommended: 'hit', basic: 'hit', index: null } as unknown as Verdict['advice'] };
    rerender(<TableAnnouncer state={states[3]!} verdict={verdict} />);
    // The same log element all along, its lines in order.
    expect(screen.getByRole('log')).toBe(log);
    expect([...log.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Bet 100. Click Deal!',
      expect.stringMatching(/^Dealt\. You: Ten of hearts and Two of clubs, 12\./),
      'Coach: Hit on 10,2 v 9: matches basic strategy.',
      'You drew Five of diamonds: 17. 17. Hit or stand?',
    ]);
  });
});
