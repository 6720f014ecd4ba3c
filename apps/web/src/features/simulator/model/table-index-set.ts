// "Use my table" plays the table's full index set (issue 37): the player's chosen set for the
// table's rules and count, else the fleet's, as the table's coach and the record's grader pick
// it (docs/decisions/0076). A set still being generated, or one that could not be read, leaves
// the named plays in place and says so: never a silent change of what is played.
import { INDEX_SET_PLAYS_MAX, type IndexSetBody, type PlayerIndexSet, type SimSettings } from '@card-counter/shared';
import type { TableImport } from './from-table.ts';
import { countName } from './format-sim.ts';

export type TableSetAnswer =
  | { status: 'player'; set: PlayerIndexSet }
  | { status: 'fleet'; set: IndexSetBody }
  | { status: 'generating'; progress: number }
  | { status: 'failed'; message: string };

const NAMED: Record<SimSettings['indices'], string> = {
  none: 'basic strategy',
  i18: 'the Illustrious 18',
  'i18+fab4': 'the Illustrious 18 + Fab 4',
  generated: 'the generated Illustrious 18 + Fab 4',
};

/** The count as the set's label names it ("Zen", "Your custom count"). */
export function setCountName(s: Pick<SimSettings, 'count'>): string {
  return s.count === 'custom' ? 'Your custom count' : countName(s.count);
}

/** `answer` null: the table plays no index plays, so no set is played. */
export function withTableIndexSet(imp: TableImport, answer: TableSetAnswer | null): TableImport {
  if (answer === null) return imp;
  const s = imp.settings;
  const who = setCountName(s);
  const keep = NAMED[s.indices];
  if (answer.status === 'generating') {
    const pct = Math.round(answer.progress * 100);
    return { ...imp, notes: [...imp.notes, `The ${who} full set for these rules is still being generated (${pct}%): the simulator plays ${keep}. Use my table again when it is ready.`] };
  }
  if (answer.status === 'failed') return { ...imp, notes: [...imp.notes, `Your index set could not be read (${answer.message}): the simulator plays ${keep}.`] };
  const { plays, insurance } = answer.set;
  if (plays.length > INDEX_SET_PLAYS_MAX) return { ...imp, notes: [...imp.notes, `The index set has ${plays.length} plays, more than the ${INDEX_SET_PLAYS_MAX} a run takes: the simulator plays ${keep}.`] };
  const label =
    answer.status === 'player'
      ? `${who}, your set "${answer.set.name}"`
      : `${who} full set, ${answer.set.source === 'published' ? 'published' : 'generated for these rules'}`;
  return { ...imp, settings: { ...s, indexSet: { label: label.slice(0, 80), plays: [...plays], insurance }, insurance: 'index' } };
}

/** The form's line for what is played: "Zen, your set "Mine", 62 plays", "Illustrious 18 + Fab 4", "none". */
export function indexSetLine(s: Pick<SimSettings, 'indices' | 'indexSet'>): string {
  if (s.indexSet) return `${s.indexSet.label}, ${s.indexSet.plays.length} ${s.indexSet.plays.length === 1 ? 'play' : 'plays'}`;
  if (s.indices === 'none') return 'none';
  return NAMED[s.indices].replace(/^the /, '').replace(/^./, (c) => c.toUpperCase());
}
