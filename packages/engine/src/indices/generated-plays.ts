// A generated table in the shape bestPlay() and the simulator read (table.ts's IndexPlay: the
// action at a count at or above the index, the other one below), so a table generated for any
// count plays exactly like the published Hi-Lo one.
import { namedPlays } from './cells.ts';
import type { TrueCountOptions } from '../counting/true-count.ts';
import { countKey, type CountSpec } from '../counting/custom.ts';
import type { Rules } from '../rules.ts';
import type { GeneratedPlay, IndexTable } from './generate.ts';
import type { IndexAction, IndexPlay } from './table.ts';

/**
 * The I18 and Fab 4 plays of a generated table as IndexPlays. A play whose EVs do not cross
 * inside the generated bins is left out (bestPlay then keeps the basic play), and so is one
 * whose count dependence runs against the shape bestPlay reads (a surrender or a split made
 * only at low counts), which bestPlay cannot express.
 */
export function indexPlaysOf(table: IndexTable): IndexPlay[] {
  const byId = new Map(namedPlays().map((p) => [p.id, p]));
  const out: IndexPlay[] = [];
  for (const g of table.plays) {
    const named = byId.get(g.id);
    if (!named || g.index === null) continue;
    const above = g.direction === 'at-or-above';
    const high = above ? g.play : g.otherwise;
    const low = above ? g.otherwise : g.play;
    const threshold = thresholdOf(g) as number;
    if ((named.set === 'Fab4' && high !== 'surrender') || (named.cell.kind === 'pair' && high !== 'split')) continue;
    out.push(
      Object.freeze({
        id: g.id,
        set: named.set,
        kind: named.cell.kind === 'pair' ? 'pair' : 'hard',
        total: named.cell.total,
        upcard: named.cell.up,
        action: high as IndexAction,
        otherwise: low as IndexAction,
        index: threshold,
      }),
    );
  }
  return out;
}

/** The count at or above which insurance is taken; beyond the bins, never (Infinity). */
export function insuranceIndexOf(table: IndexTable): number {
  return table.insurance ?? Infinity;
}

/**
 * The count at or above which the higher-count action of a play is made: the number published
 * tables print (an at-or-below play at index i is the other action from i + 1).
 */
export function thresholdOf(p: GeneratedPlay): number | null {
  if (p.index === null) return null;
  return p.direction === 'at-or-above' ? p.index : p.index + 1;
}

/**
 * The plays and insurance index of a generated table, refused (RangeError) when it was made for
 * other rules, another count or another true-count convention than the game it is to play:
 * its numbers would be applied at the wrong counts. The simulator and the coach use it.
 */
export function playsOfTableFor(
  t: IndexTable | undefined,
  rules: Rules,
  count: CountSpec,
  tc: TrueCountOptions,
): { plays: IndexPlay[]; insurance: number } {
  if (!t) throw new RangeError("indices 'generated' needs the generated table (indexTable)");
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const { gameSpeed: _a, numInitialHands: _b, ...mine } = rules;
  const { gameSpeed: _c, numInitialHands: _d, ...theirs } = t.rules;
  if (countKey({ system: t.count, custom: t.custom }) !== countKey(count) || !same(mine, theirs) || (t.countKind === 'true' && !same({ ...tc }, { ...t.trueCount }))) {
    throw new RangeError(`the generated index table is for ${t.count} and other rules or true-count convention than this game (${count.system})`);
  }
  return { plays: indexPlaysOf(t), insurance: insuranceIndexOf(t) };
}
