import { Suspense } from 'react';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { useSearchParams } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { isOfflineModeSet } from '@/shared/lib/storage.ts';
import { loadGuest } from '@/shared/session/guest-storage.ts';

// `/`: the game screen and its modes. The table is the default; the drills, the progress view
// and the charts to study sit beside it (`?mode=drills`, `?mode=progress`, `?mode=charts`),
// where a player who trains finds them, so the navigation stays Game, Simulator, Leaderboard.
// Each mode is its own chunk, fetched when first shown.

const GamePage = lazyChunk(() => import('@/features/game/components/game-page.tsx').then((m) => ({ default: m.GamePage })));
const TrainerPage = lazyChunk(() => import('@/features/trainer/components/trainer-page.tsx').then((m) => ({ default: m.TrainerPage })));
const ProgressPage = lazyChunk(() => import('@/features/trainer/components/progress-page.tsx').then((m) => ({ default: m.ProgressPage })));
const ChartsPage = lazyChunk(() => import('@/features/trainer/components/charts-page.tsx').then((m) => ({ default: m.ChartsPage })));

const MODES = [
  { id: 'table', label: 'Table' },
  { id: 'drills', label: 'Drills' },
  { id: 'progress', label: 'Progress' },
  { id: 'charts', label: 'Charts' },
] as const;
type Mode = (typeof MODES)[number]['id'];

function modeOf(requested: string | null): Mode {
  return MODES.find((m) => m.id === requested)?.id ?? 'table';
}

/**
 * Asks for the chunks `/?mode=...` shows first (lazyChunk's preload): the mode's page, the
 * coach's chunk and, at a table the browser plays (a guest's, or offline), the browser's engine
 * and the guest's chart, which the table page would otherwise ask for only once it has arrived
 * and rendered, and then render the whole table again when each came.
 */
export function preloadGameMode(search: string): void {
  const mode = modeOf(new URLSearchParams(search).get('mode'));
  if (mode === 'drills') return TrainerPage.preload();
  if (mode === 'progress') return ProgressPage.preload();
  if (mode === 'charts') return ChartsPage.preload();
  GamePage.preload();
  const guest = loadGuest();
  // Offline, a signed-in player's table is theirs, whose id the session has not read yet.
  const local = guest !== null || isOfflineModeSet();
  // The table's own chunks are asked for beside the page's, not once it has arrived: a round
  // trip less before a guest's table paints (docs/decisions/0036-first-load-cuts.md).
  import('@/features/game/model/coach-engine.ts').catch(() => undefined);
  if (local) import('@/features/game/api/local-table-source.ts').catch(() => undefined);
  import('@/features/game/components/game-page.tsx')
    .then((m) => m.preloadTable({ local, owner: guest?.userId ?? null }))
    .catch(() => undefined);
}

export function GameModes() {
  const [params] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  return (
    // The table holds at least a screen's height, so the footer starts below it and does not
    // show and then jump down while the table's chunks land and it grows (Lighthouse measured a
    // layout shift of 0.118 on a phone and 0.041 on a desktop, all of it the footer's).
    <div className={`flex flex-col gap-3 sm:gap-4 ${mode === 'table' ? 'min-h-screen' : ''}`}>
      <nav aria-label="Game mode" className="mx-auto flex rounded-full bg-slate-900 p-1 ring-1 ring-slate-800 print:hidden">
        {MODES.map((m) => (
          <Link
            key={m.id}
            to={m.id === 'table' ? '/' : `/?mode=${m.id}`}
            aria-current={m.id === mode ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold transition sm:px-4 ${
              m.id === mode ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`}
          >
            {m.label}
          </Link>
        ))}
      </nav>
      <Suspense
        fallback={
          <p role="status" className="text-center text-slate-400">
            Loading...
          </p>
        }
      >
        {mode === 'table' ? <GamePage /> : mode === 'drills' ? <TrainerPage /> : mode === 'progress' ? <ProgressPage /> : <ChartsPage />}
      </Suspense>
    </div>
  );
}
