import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RoundReplay as Replay } from '@card-counter/shared';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useRoundReplay, type ReplaySource } from '../api/replay-api.ts';
import { frameForKey, replayFrames } from '../model/replay-frames.ts';
import { ReplayTable } from './replay-table.tsx';
import { DealingOrder, DecisionNote, signed } from './replay-steps.tsx';

/** A finished round replayed card by card (decision record 0061): from a mistake (opened at it) or a shoe's round. */
export function RoundReplay({ source }: { source: ReplaySource }) {
  const replay = useRoundReplay(source);
  if (replay.isPending) return <p role="status" className="mt-3 text-sm text-slate-400">Loading the round...</p>;
  if (replay.isError) return <FormError error={replay.error} />;
  return <ReplayPlayer replay={replay.data} />;
}

function ReplayPlayer({ replay }: { replay: Replay }) {
  const frames = useMemo(() => replayFrames(replay), [replay]);
  const [at, setAt] = useState(Math.min(replay.openAt, frames.length - 1));
  const box = useRef<HTMLDivElement>(null);
  // Opened by the player: the keys act at once, without a click first.
  useEffect(() => box.current?.focus(), []);
  const frame = frames[at];
  if (!frame) return null;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = frameForKey(e.key, at, frames.length);
    if (next === null) return;
    e.preventDefault();
    setAt(next);
  };
  return (
    <div
      ref={box}
      tabIndex={0}
      onKeyDown={onKey}
      role="region"
      aria-label="Round replay"
      data-testid="round-replay"
      className="mt-3 space-y-3 rounded-lg bg-slate-950/60 p-3 outline-none ring-1 ring-slate-800 focus-visible:ring-2 focus-visible:ring-emerald-400"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p aria-live="polite" data-testid="replay-caption" className="font-semibold">
          {frame.caption}
        </p>
        <p className="tabular-nums text-slate-300" data-testid="replay-count">
          Running {signed(frame.runningCount, 0)} · true {signed(frame.trueCount, 1)}
        </p>
      </div>
      <ReplayTable frame={frame} seats={replay.seats} />
      {frame.decision ? <DecisionNote d={frame.decision} /> : null}
      <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
        <Button variant="secondary" aria-label="First step (Home)" onClick={() => setAt(0)} disabled={at === 0}>|◀</Button>
        <Button variant="secondary" aria-label="Back (Left or J)" onClick={() => setAt(Math.max(0, at - 1))} disabled={at === 0}>◀ Back</Button>
        <Button variant="secondary" aria-label="Next (Right or K)" onClick={() => setAt(Math.min(frames.length - 1, at + 1))} disabled={at === frames.length - 1}>Next ▶</Button>
        <Button variant="secondary" aria-label="Last step (End)" onClick={() => setAt(frames.length - 1)} disabled={at === frames.length - 1}>▶|</Button>
        <span className="text-xs tabular-nums text-slate-400" data-testid="replay-step">
          Step {at + 1} of {frames.length} · {frame.cardsDealt} card{frame.cardsDealt === 1 ? '' : 's'} dealt · keys ← → or J K, Home, End
        </span>
      </div>
      <DealingOrder frames={frames} at={at} />
    </div>
  );
}
