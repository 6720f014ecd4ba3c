import { renderHook } from '@testing-library/react';
import type { GameAction, VisibleGameState } from '@card-counter/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoAdvance, type AutoAdvance } from '@/features/game/hooks/use-auto-advance.ts';
import { dealStep_ms, landing_ms } from '@/features/game/model/deal-pace.ts';
import { playedStates } from '../../support/played-states.ts';

// Player 10♥ 8♣ (18) against the dealer's 9♠ up and 7♦ in the hole; the dealer draws 10♠ and busts.
const DEALER_BUSTS = ['10h', '9s', '8c', '7d', '10s'];

/** The table after each action, as the screen sees it. */
function play(actions: GameAction[]): VisibleGameState[] {
  return playedStates(DEALER_BUSTS, actions);
}

describe('the dealing pace', () => {
  it('is milliseconds per card from cards per second; instant at 0 or with reduced motion', () => {
    expect(dealStep_ms(2, false)).toBe(500);
    expect(dealStep_ms(8, false)).toBe(125);
    expect(dealStep_ms(0.5, false)).toBe(2000);
    expect(dealStep_ms(0, false)).toBe(0);
    expect(dealStep_ms(3, true)).toBe(0);
  });

  it('lands a deal one card a step, and the dealer’s draws after the hole card is turned', () => {
    const [, bet, dealt, stood] = play([{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'stand' }]);
    // Two cards to the player, two to the dealer: the fourth lands four steps after the deal.
    expect(landing_ms(bet!, dealt!, 250)).toBe(4 * 250);
    // The stand turns the hole card (a step) and the dealer draws one card (a step).
    expect(stood!.gamePhase).toBe('roundOver');
    expect(landing_ms(dealt!, stood!, 250)).toBe(2 * 250);
    // Nothing new: nothing to wait for; instant pace: nothing either.
    expect(landing_ms(stood!, stood!, 250)).toBe(0);
    expect(landing_ms(bet!, dealt!, 0)).toBe(0);
  });
});

describe('auto-advance to the next round', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const [, , dealt, over] = play([{ type: 'bet', amount: 100 }, { type: 'deal' }, { type: 'stand' }]);

  function mount(props: Partial<AutoAdvance>) {
    const deal = vi.fn();
    const base: AutoAdvance = { state: dealt!, step_ms: 500, pause_s: 2, hold: false, deal };
    const hook = renderHook((p: AutoAdvance) => useAutoAdvance(p), { initialProps: { ...base, ...props } });
    return { deal, rerender: (more: Partial<AutoAdvance>) => hook.rerender({ ...base, ...props, ...more }) };
  }

  it('deals the next round with the same bets once the cards have landed and the pause is over', () => {
    const { deal, rerender } = mount({});
    rerender({ state: over! });
    // The round's last two cards land after 1 s; then the 2 s pause.
    vi.advanceTimersByTime(2999);
    expect(deal).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deal).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(deal).toHaveBeenCalledTimes(1);
  });

  it('waits while the player has something to answer or read, then pauses afresh', () => {
    const { deal, rerender } = mount({});
    rerender({ state: over!, hold: true });
    vi.advanceTimersByTime(10_000);
    expect(deal).not.toHaveBeenCalled();
    rerender({ state: over!, hold: false });
    vi.advanceTimersByTime(1999);
    expect(deal).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deal).toHaveBeenCalledTimes(1);
  });

  it('never deals with the pause off, during a round, or without a bet on every spot', () => {
    const off = mount({ pause_s: 0 });
    off.rerender({ state: over! });
    const playing = mount({});
    const cleared = mount({});
    cleared.rerender({ state: { ...over!, handBets: [0] } });
    vi.advanceTimersByTime(60_000);
    expect(off.deal).not.toHaveBeenCalled();
    expect(playing.deal).not.toHaveBeenCalled();
    expect(cleared.deal).not.toHaveBeenCalled();
  });
});
