// Helpers for the game tests: a game on a stacked shoe and a step that must succeed.
import { expect } from 'vitest';
import { createGame, step, type GameAction, type GameState } from '../src/game/index.ts';
import { stackedShoe } from '../src/shoe.ts';
import type { Rng } from '../src/rng.ts';

/** A game whose shoe starts with `top` (deal order: each spot's first card, dealer up, each spot's second, dealer hole, then draws). */
export function stackedGame(top: string[], rules: Record<string, unknown> = {}, balance = 10000): GameState {
  const numDecks = typeof rules['numDecks'] === 'number' ? rules['numDecks'] : 6;
  return createGame({ rules, balance, shoe: stackedShoe(numDecks, top) });
}

export function ok(state: GameState, action: GameAction, rng?: Rng): GameState {
  const r = step(state, action, rng);
  expect(r.ok, r.ok ? '' : r.reason).toBe(true);
  return r.state;
}

export function play(state: GameState, actions: GameAction[], rng?: Rng): GameState {
  return actions.reduce((s, a) => ok(s, a, rng), state);
}

export function refused(state: GameState, action: GameAction, reason?: string | RegExp): void {
  const r = step(state, action);
  expect(r.ok).toBe(false);
  expect(r.state).toBe(state);
  if (!r.ok && reason !== undefined) expect(r.reason).toMatch(reason);
}

export const bet = (amount: number, spot?: number): GameAction => (spot === undefined ? { type: 'bet', amount } : { type: 'bet', amount, spot });
export const DEAL: GameAction = { type: 'deal' };
export const HIT: GameAction = { type: 'hit' };
export const STAND: GameAction = { type: 'stand' };
export const DOUBLE: GameAction = { type: 'double' };
export const SPLIT: GameAction = { type: 'split' };
export const SURRENDER: GameAction = { type: 'surrender' };
