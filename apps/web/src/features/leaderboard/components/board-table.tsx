import type { ReactNode } from 'react';

/** What every board's row has; each board adds its own columns. */
export interface BoardRow {
  userId: string;
  displayName: string;
  rank: number;
}

export interface BoardColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the header and the cells (alignment, hiding on phones). */
  className?: string;
}

const MEDALS: Record<number, string> = {
  1: 'bg-amber-300 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-400 text-orange-950',
};

export function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank];
  return (
    <span
      className={`inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 font-mono text-xs font-bold tabular-nums ${
        medal ?? 'bg-slate-800 text-slate-300'
      }`}
    >
      {rank.toLocaleString('en-US')}
    </span>
  );
}

/**
 * A page of a board: rank, name (as text: React escapes it, never markup), the board's own
 * columns. The player's own row is highlighted and announced as "(you)".
 */
export function BoardTable<T extends BoardRow>({
  caption,
  rows,
  columns,
  userId,
  compact = false,
}: {
  caption: string;
  rows: T[];
  columns: BoardColumn<T>[];
  userId: string | undefined;
  compact?: boolean;
}) {
  const pad = compact ? 'py-1.5' : 'py-2.5';
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs tracking-wide text-slate-400 uppercase">
        <tr>
          <th scope="col" className={`pr-2 pl-3 font-medium ${compact ? 'w-16 py-1' : 'w-20 py-2'}`}>
            Rank
          </th>
          <th scope="col" className="pr-2 font-medium">
            Player
          </th>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={`pr-3 font-medium ${c.className ?? ''}`}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const mine = row.userId === userId;
          return (
            <tr
              key={row.userId}
              aria-current={mine ? 'true' : undefined}
              data-testid={mine ? 'own-row' : undefined}
              className={`border-t border-slate-800 ${mine ? 'bg-emerald-500/15 shadow-[inset_3px_0_0_0] shadow-emerald-400' : ''}`}
            >
              <td className={`pr-2 pl-3 ${pad}`}>
                <RankBadge rank={row.rank} />
              </td>
              <td className={`pr-2 ${pad}`}>
                <span className="flex min-w-0 items-center gap-2">
                  <span className={`truncate ${mine ? 'font-semibold text-emerald-200' : 'text-slate-100'}`} title={row.displayName}>
                    {row.displayName}
                  </span>
                  {mine ? (
                    <span className="shrink-0 rounded bg-emerald-400/20 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-emerald-300 uppercase">
                      You
                    </span>
                  ) : null}
                </span>
              </td>
              {columns.map((c) => (
                <td key={c.header} className={`pr-3 ${pad} ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
