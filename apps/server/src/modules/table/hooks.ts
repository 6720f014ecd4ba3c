/**
 * What tests may inject into the table module through the app factory (`buildApp({ table })`).
 * Only code that builds the app can set these; no request can reach them. Play uses none of them:
 * shoes are shuffled with the engine's cryptoRng (Web Crypto).
 */
import type { GameState, Rng, ShoeState } from '@card-counter/engine';

export interface TableHooks {
  /** The shuffle's random source (seeded fuzz tests). */
  rng?: Rng;
  /** A stacked shoe for a table that has none yet (its first deal); null = shuffle as usual. */
  firstShoe?: (userId: string, numDecks: number) => ShoeState | null;
  /**
   * Runs between an accepted action's read and its write (ADR 0025): tests change the balance or
   * the table there to see the write's gate refuse and the action decided again.
   */
  beforeWrite?: (userId: string) => Promise<void>;
  /** Whether a settled round is followed by a count check in 'random' mode (< 1/5 asks); the OS's CSPRNG otherwise. */
  countCheckRandom?: () => number;
  /** Sees the secret state each accepted action saved (the leak capture checks answers against it). */
  onSaved?: (userId: string, state: GameState) => void;
}
