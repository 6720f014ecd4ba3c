// The index plays the table's coach advises by (issue 37, docs/decisions/0074-web-coach-full-index-set.md):
// the full set when the server has one for this player (their chosen set, else the fleet's), else
// what the record's grader falls back on while a set is generated: the published or committed
// named plays (indexSourceFor). Picked as the grader picks (apps/server/src/modules/record/grader.ts),
// so the live verdict and the record's grade agree. Plays are named for people, never by raw id.
import { entryId, type CoachAdvice, type CountingOptions, type FullIndexSet, type IndexPlay, type IndexSetPlay, type PlayerAction, type Rules } from '@card-counter/engine';
import type { IndexSetState } from '@/shared/index-sets/use-index-set.ts';
import type { CoachEngine } from './coach-engine-types.ts';
import { MOVE_NAMES } from './hand-labels.ts';

export interface CoachIndex {
  /** The named plays (null: none for this count, basic strategy) when no full set is played. */
  plays: readonly IndexPlay[] | null;
  /** The full set played instead of `plays`; null: none (yet). */
  full: FullIndexSet | null;
  insuranceIndex: number | null;
  countKind: 'true' | 'running';
}

/** An index play of the advice with its name for people ("Double A,8 v 6 at TC ≥ +1"). */
export type NamedIndex = NonNullable<CoachAdvice['index']> & { name: string };
export type TableAdvice = Omit<CoachAdvice, 'index'> & { index: NamedIndex | null };

export function coachIndexOf(engine: Pick<CoachEngine, 'indexSourceFor'>, rules: Rules, counting: CountingOptions, full: FullIndexSet | null): CoachIndex {
  // Its count kind is the count's (a balanced count reads the true count), as the grader's.
  const source = engine.indexSourceFor(rules, counting);
  if (full) return { plays: [], full, insuranceIndex: full.insurance, countKind: source.countKind };
  return { plays: source.plays, full: null, insuranceIndex: source.insuranceIndex, countKind: source.countKind };
}

const card = (v: string): string => (v === 'T' ? '10' : v);

/** A full set's hand as the table shows hands: "A8" is "A,8", "TT" is "10,10", "16" stays. */
function cellWords(hand: string): string {
  return /^\d+$/.test(hand) ? hand : [...hand].map(card).join(',');
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function words(play: PlayerAction, hand: string, up: string, above: boolean, index: number, countKind: CoachIndex['countKind']): string {
  return `${MOVE_NAMES[play]} ${hand} v ${up} at ${countKind === 'true' ? 'TC' : 'RC'} ${above ? '≥' : '≤'} ${signed(index)}`;
}

function namedPlayWords(p: IndexPlay, countKind: CoachIndex['countKind']): string {
  const v = p.total === 1 ? 'A' : String(p.total);
  const hand = p.kind === 'pair' ? `${v},${v}` : String(p.total);
  return words(p.action as PlayerAction, hand, p.upcard === 1 ? 'A' : String(p.upcard), true, p.index, countKind);
}

function fullPlayWords(p: IndexSetPlay, countKind: CoachIndex['countKind']): string {
  return words(p.play, cellWords(p.hand), p.up, p.direction === 'at-or-above', p.index, countKind);
}

/** The advice's index play named for people (in the coach's chunk, coach-engine.ts, as the engine's entryId). */
export function namedAdvice(advice: CoachAdvice, index: CoachIndex): TableAdvice {
  if (advice.index === null) return { ...advice, index: null };
  const id = advice.index.id;
  const entry = index.full?.plays.find((p) => entryId(p) === id);
  const named = entry ? null : index.plays?.find((p) => p.id === id);
  // Never expected (the advice came from these plays): the id still says which play it was.
  const name = entry ? fullPlayWords(entry, index.countKind) : named ? namedPlayWords(named, index.countKind) : id;
  return { ...advice, index: { ...advice.index, name } };
}

/** The settings' name of what the coach plays: the full set's, or the named plays' while there is none. */
export function indexPlaysLabel(set: Pick<IndexSetState, 'status' | 'label'>, namedLabel: string): string {
  if (set.status === 'ready') return set.label;
  if (set.status === 'unavailable') return namedLabel;
  return `${set.label}. Meanwhile: ${namedLabel}`;
}
