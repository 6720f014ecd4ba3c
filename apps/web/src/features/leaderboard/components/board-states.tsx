import { errorMessage } from '@/shared/lib/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';

/** Placeholder rows while the first page loads. */
export function BoardLoading({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading the leaderboard" className="space-y-2 p-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="h-7 w-7 animate-pulse rounded-full bg-slate-800" />
          <div className="h-4 flex-1 animate-pulse rounded bg-slate-800" style={{ maxWidth: `${60 - (i % 4) * 8}%` }} />
          <div className="ml-auto h-4 w-20 animate-pulse rounded bg-slate-800" />
        </div>
      ))}
      <span className="sr-only">Loading the leaderboard...</span>
    </div>
  );
}

export function BoardError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="font-semibold text-rose-200">The leaderboard could not be loaded.</p>
      <p className="max-w-md text-sm text-slate-400">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

export function BoardEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <p className="text-3xl" aria-hidden="true">
        ♠
      </p>
      <p className="font-semibold text-slate-200">{title}</p>
      <p className="max-w-sm text-sm text-slate-400">{hint}</p>
    </div>
  );
}

export function Pager({
  page,
  pages,
  onPage,
  busy,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Leaderboard pages" className="flex items-center justify-between gap-2 border-t border-slate-800 px-3 py-3">
      <div className="flex gap-2">
        <Button variant="ghost" className="px-2.5" disabled={page <= 1 || busy} onClick={() => onPage(1)} aria-label="First page">
          «
        </Button>
        <Button variant="secondary" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
      </div>
      <p className="text-sm text-slate-400 tabular-nums" aria-live="polite">
        Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        <Button variant="ghost" className="px-2.5" disabled={page >= pages || busy} onClick={() => onPage(pages)} aria-label="Last page">
          »
        </Button>
      </div>
    </nav>
  );
}
