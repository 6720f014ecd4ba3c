import { createGame, seededRng, stackedShoe, step, visible, type GameAction, type GameState, type VisibleGameState } from '@card-counter/engine';

/**
 * The table as the screen sees it, before and after each action, dealt by the engine from a
 * six-deck shoe whose top is `top` (player, dealer up, player, dealer hole, then the draws).
 */
export function playedStates(top: string[], actions: readonly GameAction[]): VisibleGameState[] {
  let s: GameState = createGame({ balance: 10_000, shoe: stackedShoe(6, top) });
  const seen = [visible(s)];
  for (const a of actions) {
    const r = step(s, a, seededRng(1));
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
    seen.push(visible(s));
  }
  return seen;
}
