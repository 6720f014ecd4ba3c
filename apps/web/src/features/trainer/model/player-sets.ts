// The player's own index sets on the Charts page (issue 37, GET/PUT /api/me/index-sets): a set's
// plays edited a cell at a time, the list of sets changed a set at a time (create, rename,
// choose, delete) and sent whole, and a set as CSV. Pure: the hook sends what these return.
import type { CountingOptions, FullIndexSet, IndexSetPlay, Rules } from '@card-counter/engine';
import { type PlayerIndexSet, INDEX_SET_PLAYS_MAX, PLAYER_INDEX_SETS_MAX } from '@card-counter/shared';
import { keyedRulesOf } from '@/shared/index-sets/index-set-key.ts';

export const SET_NAME_MAX = 40;

/** One play of a cell as the editor sets it: its number, or turned off. */
export interface PlayEdit {
  readonly play: IndexSetPlay;
  readonly index: number;
  readonly on: boolean;
}

const sameCell = (p: IndexSetPlay, hand: string, up: string): boolean => p.hand === hand && p.up === up;
const sameSide = (a: IndexSetPlay, b: IndexSetPlay): boolean => sameCell(a, b.hand, b.up) && a.direction === b.direction && a.play === b.play && a.versus === b.versus;

/**
 * The set with one cell's plays replaced: each edit's play at its new index, or left out when
 * turned off (the contract's way of turning a play off). Plays of other cells keep their order.
 */
export function editCell(set: FullIndexSet, hand: string, up: string, edits: readonly PlayEdit[]): FullIndexSet {
  for (const e of edits) {
    if (!sameCell(e.play, hand, up)) throw new RangeError(`an edit of ${e.play.hand} v ${e.play.up} is not one of ${hand} v ${up}`);
    if (!Number.isInteger(e.index * 2) || Math.abs(e.index) > 60) throw new RangeError(`an index is a whole or half number within ±60 (got ${e.index})`);
  }
  const kept = set.plays.filter((p) => !sameCell(p, hand, up) || !edits.some((e) => sameSide(e.play, p)));
  const edited = edits.filter((e) => e.on).map((e) => ({ ...e.play, index: e.index }));
  return { plays: [...kept, ...edited], insurance: set.insurance };
}

/** The set with its insurance number changed, or insurance turned off (null). */
export const editInsurance = (set: FullIndexSet, insurance: number | null): FullIndexSet => ({ plays: set.plays, insurance });

/** Why `name` cannot name a new (or renamed) set among `sets`, or null. */
export function nameProblem(name: string, sets: readonly PlayerIndexSet[], renaming?: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the set a name.';
  if (trimmed.length > SET_NAME_MAX) return `A name has at most ${SET_NAME_MAX} characters.`;
  if (sets.some((s) => s.name === trimmed && s.name !== renaming)) return `You have a set named "${trimmed}" already.`;
  if (renaming === undefined && sets.length >= PLAYER_INDEX_SETS_MAX) return `You can keep at most ${PLAYER_INDEX_SETS_MAX} sets: delete one first.`;
  return null;
}

/** A new player set of these plays for these rules and this count (not chosen). */
export function newPlayerSet(name: string, rules: Rules, counting: CountingOptions, set: FullIndexSet): PlayerIndexSet {
  if (set.plays.length > INDEX_SET_PLAYS_MAX) throw new RangeError(`a set holds at most ${INDEX_SET_PLAYS_MAX} plays`);
  return {
    name: name.trim(),
    count: counting.system,
    ...(counting.custom ? { custom: counting.custom } : {}),
    rules: keyedRulesOf(rules),
    resolution: counting.resolution,
    rounding: counting.rounding,
    plays: [...set.plays],
    insurance: set.insurance,
    chosen: false,
  };
}

function named(sets: readonly PlayerIndexSet[], name: string): PlayerIndexSet {
  const found = sets.find((s) => s.name === name);
  if (!found) throw new RangeError(`no set named "${name}"`);
  return found;
}

/** The sets with `set` added, or in place of the one of its name. */
export function putSet(sets: readonly PlayerIndexSet[], set: PlayerIndexSet): PlayerIndexSet[] {
  const at = sets.findIndex((s) => s.name === set.name);
  return at < 0 ? [...sets, set] : sets.map((s, i) => (i === at ? set : s));
}

/** The sets with one set's plays replaced (its name, count and rules kept). */
export function withPlays(sets: readonly PlayerIndexSet[], name: string, set: FullIndexSet): PlayerIndexSet[] {
  return putSet(sets, { ...named(sets, name), plays: [...set.plays], insurance: set.insurance });
}

export function renameSet(sets: readonly PlayerIndexSet[], from: string, to: string): PlayerIndexSet[] {
  named(sets, from);
  return sets.map((s) => (s.name === from ? { ...s, name: to.trim() } : s));
}

/**
 * The sets with `name` chosen (or unchosen) for its count and rules: choosing one unchooses the
 * others of the same key (`sameKey`), since the server keeps one chosen set a key.
 */
export function chooseSet(sets: readonly PlayerIndexSet[], name: string, chosen: boolean, sameKey: (a: PlayerIndexSet, b: PlayerIndexSet) => boolean): PlayerIndexSet[] {
  const target = named(sets, name);
  return sets.map((s) => (s.name === name ? { ...s, chosen } : chosen && s.chosen && sameKey(s, target) ? { ...s, chosen: false } : s));
}

export const deleteSet = (sets: readonly PlayerIndexSet[], name: string): PlayerIndexSet[] => sets.filter((s) => s.name !== named(sets, name).name);

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (v: string | number): string => (/[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** One row per play (hand, up, play, versus, index, direction), insurance last: the server's CSV (player-sets.ts csvOf). */
export function setCsv(set: FullIndexSet): string {
  const lines = ['hand,up,play,versus,index,direction'];
  for (const p of set.plays) lines.push([p.hand, p.up, p.play, p.versus, p.index, p.direction].map(field).join(','));
  if (set.insurance !== null) lines.push(['insurance', 'A', 'insure', 'decline', set.insurance, 'at-or-above'].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
