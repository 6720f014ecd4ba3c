import type { IndexSetPlay } from '@card-counter/engine';
import { CODE_WORDS, codeClass, playWord } from '../model/chart-cells.ts';
import { THIN_SPACE, playCode, playLetter, thresholdText, type IndexSetCell, type IndexSetSection } from '../model/index-set-chart.ts';

// The full index set as colour-coded charts, one a hand type: a cell with an index shows the play
// the count changes to and where (its colour the play's), a cell without one the basic-strategy
// play muted. A cell the player can edit is a button (click or Enter opens the editor).

const countWord = (countKind: 'true' | 'running'): string => (countKind === 'true' ? 'true count' : 'running count');

export function playSentence(p: IndexSetPlay, countKind: 'true' | 'running'): string {
  const side = p.direction === 'at-or-above' ? 'or above' : 'or below';
  return `${playWord(p.play)} at a ${countWord(countKind)} of ${thresholdText(p).slice(2)} ${side} (else ${playWord(p.versus).toLowerCase()})`;
}

function cellLabel(cell: IndexSetCell, countKind: 'true' | 'running'): string {
  const name = `${cell.hand} v ${cell.up}`;
  if (cell.plays.length === 0) return `${name}: ${CODE_WORDS[cell.basic]} (basic strategy)`;
  return `${name}: ${cell.plays.map((p) => playSentence(p, countKind)).join('; ')}`;
}

function CellFace({ cell }: { cell: IndexSetCell }) {
  if (cell.plays.length === 0) return <span className="ixc-basic">{cell.basic}</span>;
  return (
    <>
      {cell.plays.map((p) => (
        <span key={`${p.direction}${p.play}`} className="block leading-tight">
          <span className="font-bold">{playLetter(p.play)}</span>
          <span className="block whitespace-nowrap tabular-nums">{thresholdText(p, THIN_SPACE)}</span>
        </span>
      ))}
    </>
  );
}

interface ChartsProps {
  sections: readonly IndexSetSection[];
  countKind: 'true' | 'running';
  /** Whether a cell opens the editor (it has a play now, or had one in the full set). */
  editable: (cell: IndexSetCell, surrender: boolean) => boolean;
  onEdit: (cell: IndexSetCell, surrender: boolean) => void;
}

function SectionTable({ section, countKind, editable, onEdit }: ChartsProps & { section: IndexSetSection }) {
  const ups = section.rows[0]?.cells.map((c) => c.up) ?? [];
  const surrender = section.kind === 'surrender';
  return (
    <table aria-label={`Index set: ${section.title}`} className="ixs-table w-full table-fixed border-separate border-spacing-0.5 text-center text-[0.6rem] sm:text-[0.7rem]">
      <caption className="pb-1 text-left text-sm font-semibold text-slate-200">{section.title}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-8">
            <span className="sr-only">Your hand against the dealer&apos;s card</span>
          </th>
          {ups.map((u) => (
            <th key={u} scope="col" className="font-medium text-slate-300">
              {u}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {section.rows.map((row) => (
          <tr key={row.hand}>
            <th scope="row" className="pr-1 text-right font-medium text-slate-300">
              {row.hand}
            </th>
            {row.cells.map((cell) => {
              const label = cellLabel(cell, countKind);
              const colour = cell.plays[0] ? codeClass(playCode(cell.plays[0].play)) : 'ixc-muted bg-slate-800 text-slate-400';
              return (
                <td key={cell.up} aria-label={label} title={label} className={`sc-cell h-7 rounded-sm p-0 ${colour}`}>
                  {editable(cell, surrender) ? (
                    <button type="button" aria-label={`Edit ${label}`} onClick={() => onEdit(cell, surrender)} className="h-full w-full rounded-sm px-0 py-0.5 hover:ring-2 hover:ring-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
                      <CellFace cell={cell} />
                    </button>
                  ) : (
                    <CellFace cell={cell} />
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function IndexSetCharts(props: ChartsProps) {
  return (
    <div className="ixs-grid grid items-start gap-4 lg:grid-cols-2">
      {props.sections.map((s) => (
        <SectionTable key={s.kind} section={s} {...props} />
      ))}
    </div>
  );
}

const LEGEND: [IndexSetPlay['play'], string][] = [
  ['hit', 'Hit'],
  ['stand', 'Stand'],
  ['double', 'Double'],
  ['split', 'Split'],
  ['surrender', 'Surrender'],
];

/** The colours, the muted basic play, and how to read "≥ +3". */
export function IndexSetLegend({ countKind }: { countKind: 'true' | 'running' }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-300">
      <ul aria-label="What the colours mean" className="flex flex-wrap gap-x-3 gap-y-1">
        {LEGEND.map(([play, word]) => (
          <li key={play} className="flex items-center gap-1">
            <span className={`sc-cell inline-block min-w-[1.5rem] rounded-sm px-1 text-center font-bold ${codeClass(playCode(play))}`}>{playLetter(play)}</span>
            {word}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span className="sc-cell ixc-muted inline-block min-w-[1.5rem] rounded-sm bg-slate-800 px-1 text-center text-slate-400">H</span>
          no index: the basic-strategy play
        </li>
      </ul>
      <p>
        &ldquo;≥ +3&rdquo;: make the play at a {countWord(countKind)} of +3 or more; &ldquo;≤ -1&rdquo;: at -1 or less. Hover or focus a cell for the play it replaces.
      </p>
    </div>
  );
}
