import { Suspense } from 'react';
import { countingSystemOf, type VisibleGameState } from '@card-counter/engine';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { deckEstimate, formatDecks } from '../model/deck-estimate.ts';
import type { TablePrefs } from '../hooks/use-table-prefs.ts';
import { DiscardTray } from './discard-tray.tsx';
import { ShoeProof, type ShoeProofProps } from './shoe-proof.tsx';

export interface CountPanelProps {
  state: VisibleGameState;
  prefs: TablePrefs;
  onPrefs: (patch: Partial<TablePrefs>) => void;
  /** The shoes before this one, newest first: a published reveal is checked against them. */
  earlierCommitments: readonly string[];
  loadLastShoe: ShoeProofProps['loadLastShoe'];
  /** Test mode: the running and true counts are the player's to keep (the server sends none). */
  testMode?: boolean;
}

// A continuous shuffler's note: only that rule shows it, a chunk of its own (decision record 0050).
const CsmNote = lazyChunk(() => import('./rule-notes.tsx').then((m) => ({ default: m.CsmNote })));
// The ace side count's line (decision record 0051), for the counts and players that keep one.
const AceSideLine = lazyChunk(() => import('./rule-notes.tsx').then((m) => ({ default: m.AceSideLine })));

function signed(x: number, decimals = 0): string {
  const s = decimals > 0 ? x.toFixed(decimals) : String(x);
  return x > 0 ? `+${s}` : s;
}

function Metric(props: { label: string; short: string; value: string; shown: boolean; onToggle: () => void; testId: string; locked?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg bg-slate-800/70 p-2.5">
      <span className="truncate text-xs font-medium uppercase tracking-wide text-slate-400">{props.short}</span>
      <span className="text-2xl font-bold tabular-nums text-white" data-testid={props.testId}>
        {props.shown && !props.locked ? props.value : '••'}
      </span>
      {props.locked ? (
        <span className="text-xs text-amber-200/80">Test mode</span>
      ) : (
        <button
          type="button"
          onClick={props.onToggle}
          aria-label={`${props.shown ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          className="self-start text-xs text-emerald-300 underline-offset-2 hover:underline"
        >
          {props.shown ? 'Hide' : 'Show'}
        </button>
      )}
    </div>
  );
}

/** The count as the table knows it; each figure can be hidden, which is how a counter practises. */
export function CountPanel({ state, prefs, onPrefs, earlierCommitments, loadLastShoe, testMode = false }: CountPanelProps) {
  const system = countingSystemOf(state.counting);
  const total = state.deck?.totalCards ?? state.config.numDecks * 52;
  const remaining = state.deck?.cardsRemaining ?? total;
  const onTable = state.playerHands.reduce((n, h) => n + h.cards.length, 0) + state.dealerCards.length;
  const decks = deckEstimate(state);
  return (
    <section aria-labelledby="count-heading" className="rounded-xl bg-slate-900 p-4">
      <h2 id="count-heading" className="mb-3 flex items-baseline justify-between text-sm font-bold uppercase tracking-wider text-slate-300">
        Count <span className="text-xs font-medium normal-case tracking-normal text-slate-400">{system.name}</span>
      </h2>
      {state.config.continuousShuffler && (
        <Suspense fallback={null}>
          <CsmNote where="count" />
        </Suspense>
      )}
      <div className="grid grid-cols-3 gap-2">
        <Metric label="Running count" short="Running" testId="running-count" value={signed(state.runningCount, Number.isInteger(state.runningCount) ? 0 : 1)} shown={prefs.showRunningCount} locked={testMode} onToggle={() => onPrefs({ showRunningCount: !prefs.showRunningCount })} />
        <Metric
          label={system.balanced ? 'True count' : 'Count to play on'}
          short={system.balanced ? 'True' : 'Play on'}
          testId="true-count"
          value={signed(state.trueCount, state.counting.rounding === 'none' && system.balanced ? 1 : 0)}
          shown={prefs.showTrueCount}
          locked={testMode}
          onToggle={() => onPrefs({ showTrueCount: !prefs.showTrueCount })}
        />
        <Metric label="Decks left" short="Decks" testId="decks-left" value={formatDecks(decks.left, decks.resolution)} shown={prefs.showDecksRemaining} onToggle={() => onPrefs({ showDecksRemaining: !prefs.showDecksRemaining })} />
      </div>
      {state.counting.aceSideCount === true && !testMode && (
        <Suspense fallback={null}>
          <AceSideLine state={state} shown={prefs.showTrueCount} />
        </Suspense>
      )}
      <div className="mt-3 flex items-center justify-between gap-2">
        {prefs.showDiscardTray ? <DiscardTray discarded={Math.max(0, total - remaining - onTable)} totalCards={total} decks={decks} /> : <span className="text-sm text-slate-400">Discard tray hidden</span>}
        <button type="button" onClick={() => onPrefs({ showDiscardTray: !prefs.showDiscardTray })} className="text-xs text-emerald-300 hover:underline">
          {prefs.showDiscardTray ? 'Hide discard tray' : 'Show discard tray'}
        </button>
      </div>
      <ShoeProof commitment={state.deck?.commitment ?? null} earlierCommitments={earlierCommitments} reveal={state.lastShoeReveal} loadLastShoe={loadLastShoe} />
    </section>
  );
}
