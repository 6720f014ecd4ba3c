import {
  MISTAKES_PAGE_MAX,
  MistakesPageSchema,
  type Mistake,
  type MistakeHand,
  type MistakeKind,
} from '@card-counter/shared';
import { useState } from 'react';
import { api } from '@/shared/lib/api-client.ts';
import { mistakesUrl, type MistakesSpan } from '../api/lifetime-api.ts';
import { mistakeCsvRow, toCsv } from '../model/cards.ts';
import { download } from '@/shared/lib/download.ts';

async function allMistakes(kind: MistakeKind | null, hand: MistakeHand | null, span: MistakesSpan | null): Promise<Mistake[]> {
  const out: Mistake[] = [];
  for (let offset = 0; ; offset += MISTAKES_PAGE_MAX) {
    const page = MistakesPageSchema.parse(
      await api.get<unknown>(mistakesUrl({ kind, hand, span, offset, limit: MISTAKES_PAGE_MAX })),
    );
    out.push(...page.mistakes);
    if (page.mistakes.length === 0 || out.length >= page.total) return out;
  }
}

/** The filtered list as a file, every page of it (the record keeps at most 5,000 entries). */
export function MistakesExport({ kind, hand, span = null }: { kind: MistakeKind | null; hand: MistakeHand | null; span?: MistakesSpan | null }) {
  const [busy, setBusy] = useState(false);
  async function save(format: 'csv' | 'json') {
    setBusy(true);
    try {
      const list = await allMistakes(kind, hand, span);
      if (format === 'json') download('mistakes.json', JSON.stringify(list, null, 2), 'application/json');
      else {
        const header = ['at', 'kind', 'situation', 'done', 'right', 'cost_credits', 'cost_percent'];
        download('mistakes.csv', toCsv([header, ...list.map(mistakeCsvRow)]), 'text/csv');
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex gap-2 text-sm">
      {(['csv', 'json'] as const).map((format) => (
        <button key={format} type="button" className="rounded bg-slate-800 px-3 py-2 disabled:opacity-50" disabled={busy} onClick={() => void save(format)}>
          Export {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
