// The index table a player studies (the Charts screen): the plays of their count and rules as
// their coach and drills apply them (the engine's indexSourceFor: Hi-Lo's published Illustrious
// 18 and Fab 4, another count's table generated for the rules), and, for Hi-Lo, the numbers
// generated for these rules beside the published ones where a table was generated for them.
// Here rather than in the engine: every engine function the web uses ships in the engine's
// shared chunk, which the table's first load downloads (apps/web/build/first-load.ts).
import {
  builtInTwin,
  countingSystemOf,
  indexPlays,
  indexSourceFor,
  precomputedIndices,
  thresholdOf,
  type CountingOptions,
  type IndexAction,
  type IndexPlay,
  type IndexSource,
  type IndexTable,
  type Rules,
} from '@card-counter/engine';

export interface IndexChartRow {
  /** The play's id ('I18-16v10', 'Fab4-15vA') or 'insurance'. */
  readonly id: string;
  readonly set: 'I18' | 'Fab4';
  /** '16', '10,10', or 'Insurance'. */
  readonly hand: string;
  /** '2'..'10', 'A'. */
  readonly up: string;
  /** Made at a count at or above the index; `otherwise` below it. */
  readonly action: IndexAction;
  readonly otherwise: IndexAction | 'no-insurance';
  /** The number the player's coach and drills apply; null: this source has none for the play. */
  readonly index: number | null;
  /**
   * The number generated for these rules and this count, when a table was generated for them
   * (null inside it: the EVs do not cross between the table's bins). Shown beside a published
   * index; equal to `index` for a generated source.
   */
  readonly generated?: number | null;
  /** The generated table's action at or above its number when it is not `action` (a play the other way round). */
  readonly generatedAction?: string;
}

export interface IndexChart {
  readonly source: IndexSource;
  /** Where the numbers come from, named once (the chart's caption). */
  readonly citation: string;
  /** 'published': Hi-Lo's book numbers; 'generated': this count's table; 'none': no table yet. */
  readonly kind: 'published' | 'generated' | 'none';
  /** For Hi-Lo: a table was generated for these rules too (the rows carry `generated`). */
  readonly withGenerated: boolean;
  readonly rows: readonly IndexChartRow[];
}

const PUBLISHED_CITATION =
  'Published Hi-Lo numbers for multi-deck games (Schlesinger, Blackjack Attack): S17, with the H17 numbers for 11 v A, 10 v A and 15 v A.';

function generatedCitation(t: IndexTable): string {
  const count = t.countKind === 'true' ? 'true count' : 'running count';
  return `Generated for these rules by the app's index generator (${t.shoes} sampled shoes, read at the ${count}).`;
}

const upLabel = (up: number): string => (up === 1 ? 'A' : String(up));
const handLabel = (p: IndexPlay): string => (p.kind === 'insurance' ? 'Insurance' : p.kind === 'pair' ? `${p.total},${p.total}` : String(p.total));

/** The generated number of a play and its action at or above it, from a generated table. */
function generatedOf(table: IndexTable, p: IndexPlay): Pick<IndexChartRow, 'generated' | 'generatedAction'> {
  if (p.kind === 'insurance') return { generated: table.insurance };
  const g = table.plays.find((x) => x.id === p.id);
  if (!g) return {};
  const high = g.direction === 'at-or-above' ? g.play : g.otherwise;
  return { generated: thresholdOf(g), ...(high !== p.action ? { generatedAction: high } : {}) };
}

/** The player's index table: the published Hi-Lo plays' rows, numbered by the player's source. */
export function indexChart(rules: Rules, counting: CountingOptions): IndexChart {
  const source = indexSourceFor(rules, counting);
  const table = precomputedIndices({ rules, count: counting.system, custom: counting.custom, trueCount: { resolution: counting.resolution, rounding: counting.rounding } });
  // A custom count that counts exactly like Hi-Lo is read as Hi-Lo (indexSourceFor does the same).
  const kind: IndexChart['kind'] = builtInTwin(countingSystemOf(counting)) === 'hi-lo' ? 'published' : table ? 'generated' : 'none';
  // The Fab 4 are surrenders: without surrender they are no plays of this game.
  const published = indexPlays(rules).filter((p) => p.set !== 'Fab4' || rules.surrenderAllowed);
  const rows = published.map((p): IndexChartRow => {
    const base = { id: p.kind === 'insurance' ? 'insurance' : p.id, set: p.set, hand: handLabel(p), up: upLabel(p.upcard), action: p.action, otherwise: p.otherwise };
    if (kind === 'published') return { ...base, index: p.index, ...(table ? generatedOf(table, p) : {}) };
    if (kind === 'none' || !table) return { ...base, index: null };
    const own = p.kind === 'insurance' ? source.insuranceIndex : (source.plays?.find((x) => x.id === p.id)?.index ?? null);
    return { ...base, index: Number.isFinite(own) ? own : null, ...generatedOf(table, p) };
  });
  const citation =
    kind === 'published'
      ? PUBLISHED_CITATION
      : table
        ? generatedCitation(table)
        : `No index table was generated for ${countingSystemOf(counting).name} with these rules: the coach gives basic strategy only.`;
  return { source, citation, kind, withGenerated: kind === 'published' && table !== null, rows };
}
