import { cardLabel, countingSystemOf, type CountSpec } from '@card-counter/engine';
import type { PairsDeal, SpeedVerdict } from '@card-counter/shared';
import { useCallback, useMemo, useState } from 'react';
import { useWindowKeydown } from '@/shared/lib/use-window-keydown.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useServedDrill, type ServedDrill } from '../hooks/use-served-drill.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { PAIRS_ITEMS, itemSize } from '../model/speed-items.ts';
import { Felt } from './felt.tsx';
import { CardGroup, PracticeNote, ServedFailure, ServedNote, ServedOnly, timeLine } from './served-parts.tsx';
import { SessionBar } from './session-bar.tsx';

// Pairs that cancel (ADR 0062): 6 to 8 pairs at once; mark every pair whose two cards cancel to
// 0 in the player's count (a 5 and a king in Hi-Lo), the skill that lets a counter skip them
// at the table. Keys 1-8 mark a pair, Enter sends; the server grades every pair and times it.

export function PairsDrill({ trainer }: { trainer: Trainer }) {
  if (!trainer.store.signedIn) return <ServedOnly what="The pairs drill" />;
  return <PairsDrillServed trainer={trainer} />;
}

function PairsDrillServed({ trainer }: { trainer: Trainer }) {
  const { system, custom } = trainer.settings.counting;
  const count = useMemo<CountSpec>(() => (custom ? { system, custom } : { system }), [system, custom]);
  const bodyOf = useCallback((item: string) => ({ drill: 'pairs' as const, pairs: itemSize(item), ...count }), [count]);
  const drill = useServedDrill<PairsDeal, SpeedVerdict>('pairs', trainer, PAIRS_ITEMS, bodyOf, null);
  const { phase } = drill;
  const [marked, setMarked] = useState<{ dealId: string; pairs: number[] }>({ dealId: '', pairs: [] });
  const deal = phase.kind === 'idle' || phase.kind === 'dealing' || phase.kind === 'dealFailed' ? null : phase.deal;
  const mine = deal !== null && marked.dealId === deal.dealId ? marked.pairs : [];
  const toggle = (i: number) => {
    if (deal === null || phase.kind !== 'shown') return;
    setMarked({ dealId: deal.dealId, pairs: mine.includes(i) ? mine.filter((m) => m !== i) : [...mine, i] });
  };
  const send = () => drill.answer({ cancelling: mine });
  useWindowKeydown((e) => {
    if (phase.kind !== 'shown' || deal === null) return;
    const target = e.target as HTMLElement | null;
    const n = Number(e.key);
    if (Number.isInteger(n) && n >= 1 && n <= deal.pairs.length) {
      e.preventDefault();
      toggle(n - 1);
    } else if (e.key === 'Enter' && target?.tagName !== 'BUTTON') {
      e.preventDefault();
      send();
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <ServedNote>Mark the pairs that cancel to 0 in {countingSystemOf(count).name}: at the table you skip them.</ServedNote>
      {deal === null ? (
        <PairsSetup drill={drill} />
      ) : (
        <>
          <Felt label="Pairs">
            <ul aria-label="Pairs" className="grid w-full grid-cols-2 gap-2 sm:grid-cols-4">
              {deal.pairs.map((pair, i) => (
                <li key={i}>
                  <PairButton
                    index={i}
                    label={pair.map(cardLabel).join(' and ')}
                    pair={pair}
                    marked={phase.kind === 'done' ? (phase.verdict.marked ?? []).includes(i) : mine.includes(i)}
                    cancels={phase.kind === 'done' ? (phase.verdict.cancelling ?? []).includes(i) : null}
                    disabled={phase.kind !== 'shown'}
                    onToggle={() => toggle(i)}
                  />
                </li>
              ))}
            </ul>
          </Felt>
          <div aria-live="polite" className="flex min-h-[5rem] flex-col items-center gap-3">
            {phase.kind === 'shown' ? (
              <Button onClick={send}>
                These cancel ({mine.length}) <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
              </Button>
            ) : null}
            {phase.kind === 'checking' ? <p className="text-slate-300">Checking with the server…</p> : null}
            <ServedFailure drill={drill} />
            {phase.kind === 'done' ? <PairsVerdict verdict={phase.verdict} onNext={drill.start} onStop={drill.stop} /> : null}
          </div>
        </>
      )}
      <SessionBar stats={drill.session.stats} />
    </div>
  );
}

function PairsSetup({ drill }: { drill: ServedDrill<PairsDeal, SpeedVerdict> }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl bg-slate-900/80 p-5 ring-1 ring-slate-800">
      <p className="text-center text-xs text-slate-400">6 to 8 pairs at once; keys 1-8 mark a pair, Enter sends.</p>
      <Button onClick={drill.start} disabled={drill.phase.kind === 'dealing'}>
        {drill.phase.kind === 'dealing' ? 'Dealing…' : 'Start pairs'} <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
      </Button>
      <ServedFailure drill={drill} />
    </div>
  );
}

function PairButton({
  index,
  label,
  pair,
  marked,
  cancels,
  disabled,
  onToggle,
}: {
  index: number;
  label: string;
  pair: PairsDeal['pairs'][number];
  marked: boolean;
  /** After the verdict: whether the pair cancels (null before). */
  cancels: boolean | null;
  disabled: boolean;
  onToggle: () => void;
}) {
  const judged = cancels === null ? '' : marked === cancels ? 'ring-emerald-400' : 'ring-rose-400';
  const after = cancels === null ? '' : cancels ? ', cancels' : ', does not cancel';
  return (
    <button
      type="button"
      aria-pressed={marked}
      aria-label={`Pair ${index + 1}: ${label}${after}`}
      disabled={disabled}
      onClick={onToggle}
      className={`flex w-full flex-col items-center gap-1 rounded-xl px-1 py-2 ring-2 transition disabled:cursor-default ${
        judged || (marked ? 'bg-emerald-500/20 ring-emerald-400' : 'ring-transparent hover:ring-emerald-700')
      }`}
    >
      <CardGroup cards={pair} size="sm" />
      <span className="text-xs font-semibold text-emerald-100">
        <kbd className="rounded bg-black/30 px-1">{index + 1}</kbd> {cancels === null ? (marked ? 'cancels' : '') : cancels ? 'cancels' : ''}
      </span>
    </button>
  );
}

function PairsVerdict({ verdict, onNext, onStop }: { verdict: SpeedVerdict; onNext: () => void; onStop: () => void }) {
  const cancelling = verdict.cancelling ?? [];
  const marked = verdict.marked ?? [];
  const missed = cancelling.filter((i) => !marked.includes(i)).length;
  const wrong = marked.filter((i) => !cancelling.includes(i)).length;
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-2">
      <p className={`text-xl font-bold ${verdict.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
        {verdict.correct
          ? `Right: ${cancelling.length} of ${verdict.cards / 2} pairs cancel`
          : `${cancelling.length} of ${verdict.cards / 2} pairs cancel: ${missed} missed, ${wrong} marked that do not`}
      </p>
      <p className="text-center text-sm text-slate-300">{timeLine(verdict.time_ms, verdict.cards, verdict.target_ms)}</p>
      <PracticeNote practice={verdict.practice} />
      <div className="flex gap-2">
        <Button onClick={onNext} autoFocus>
          Next <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" onClick={onStop}>
          Stop
        </Button>
      </div>
    </div>
  );
}
