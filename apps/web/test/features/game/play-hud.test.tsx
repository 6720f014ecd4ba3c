import { render, screen } from '@testing-library/react';
import { createGame, seededRng, step, visible, type GameState, type VisibleGameState } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { PlayHud } from '@/features/game/components/play-hud.tsx';
import { DEFAULT_PREFS } from '@/features/game/hooks/use-table-prefs.ts';

/** A round dealt and waiting for the player's decision, with `otherPlayers` computer seats. */
function deciding(otherPlayers: number): VisibleGameState {
  for (let seed = 1; seed < 50; seed++) {
    let s: GameState = createGame({ balance: 10_000, rules: { otherPlayers } });
    for (const a of [{ type: 'bet', amount: 100 }, { type: 'deal' }] as const) {
      const r = step(s, a, seededRng(seed));
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    if (s.gamePhase === 'playing') return visible(s);
  }
  throw new Error('no seed dealt a hand to decide');
}

describe('the phone’s line under the moves', () => {
  it('with computer seats (the dealer scrolled out of sight), says what the decision is made against', () => {
    const s = deciding(4);
    render(<PlayHud state={s} prefs={DEFAULT_PREFS} mode="after" verdict={null} insurance={null} />);
    expect(screen.getByTestId('hud-hand').textContent).toMatch(/^Dealer (Ace|\d+) showing · You (Soft )?\d+$/);
  });

  it('without them (the felt fits the screen), leaves it to the felt', () => {
    render(<PlayHud state={deciding(0)} prefs={DEFAULT_PREFS} mode="after" verdict={null} insurance={null} />);
    expect(screen.queryByTestId('hud-hand')).toBeNull();
  });
});
