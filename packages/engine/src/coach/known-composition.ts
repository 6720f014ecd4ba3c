// Apart from table-coach.ts so that what only needs the player's view of the shoe (the web
// table's count panels) does not import the exact analysis the coach's advice needs.
import { fullShoe, type Composition } from '../analysis/composition.ts';

/**
 * The shoe's composition as the player knows it: a full shoe minus every card shown since the
 * shuffle (`seen`, by value: index 1 = ace .. 10 = tens), except `keep` (the hand being
 * decided and the upcard, which the analyser removes itself).
 */
export function knownComposition(numDecks: number, seen: readonly number[], keep: readonly number[]): Composition {
  const comp = fullShoe(numDecks);
  const remove = seen.slice();
  for (const v of keep) remove[v] = (remove[v] ?? 0) - 1;
  for (let v = 1; v <= 10; v++) comp[v] = Math.max(0, (comp[v] ?? 0) - Math.max(0, remove[v] ?? 0));
  return comp;
}
