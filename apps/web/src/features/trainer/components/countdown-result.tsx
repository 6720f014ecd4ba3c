import { PRACTICE_NOTES } from '@card-counter/shared';
import { Button } from '@/shared/ui/button.tsx';
import type { Phase } from '../hooks/use-countdown.ts';
import { COUNTDOWN_BENCHMARK_s, secondsPerDeck } from '../model/count-items.ts';
import { signed } from '../model/labels.ts';

// A finished countdown: right or wrong, the time per deck against the published benchmarks.

export function CountdownResult({
  phase,
  decksShown,
  onAgain,
  onSetup,
}: {
  phase: Extract<Phase, { kind: 'done' }>;
  decksShown: number;
  onAgain: () => void;
  onSetup: () => void;
}) {
  const perDeck = secondsPerDeck(phase.elapsed_ms, decksShown);
  const right = phase.answered === phase.expected;
  const verdict = perDeck <= COUNTDOWN_BENCHMARK_s.expert ? 'expert pace' : perDeck <= COUNTDOWN_BENCHMARK_s.good ? 'casino ready' : 'keep practising';
  const scale = 60;
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-3">
      <p className={`text-xl font-bold ${right ? 'text-emerald-300' : 'text-rose-300'}`}>
        {right ? `Right: ${signed(phase.expected)}` : `The count was ${signed(phase.expected)}; you said ${signed(phase.answered)}`}
      </p>
      <p className="text-slate-200">
        <span className="text-2xl font-bold tabular-nums">{perDeck.toFixed(1)} s</span> per deck · {verdict}
      </p>
      {phase.judge.by === 'server' ? (
        <p className="text-center text-xs text-slate-400">
          Checked and timed by the server, from the deal to your answer: {(phase.elapsed_ms / 1000).toFixed(1)} s
          {right ? (phase.elapsed_ms <= phase.judge.target_ms ? ` · within the ${phase.judge.target_ms / 1000} s target` : ` · over the ${phase.judge.target_ms / 1000} s target`) : ''}
        </p>
      ) : null}
      {phase.judge.by === 'server' && phase.judge.practice ? (
        <p className="text-center text-xs text-amber-200/80" data-testid="countdown-practice">
          {PRACTICE_NOTES[phase.judge.practice]}
        </p>
      ) : null}
      <div className="relative h-3 w-full rounded-full bg-slate-800" aria-label={`${perDeck.toFixed(1)} seconds per deck; benchmarks 45 and 25 seconds`} role="img">
        <div className="absolute inset-y-0 left-0 rounded-full bg-emerald-500" style={{ width: `${Math.min(100, (100 * perDeck) / scale)}%` }} />
        {[COUNTDOWN_BENCHMARK_s.expert, COUNTDOWN_BENCHMARK_s.good].map((b) => (
          <span key={b} className="absolute -top-1 h-5 w-0.5 bg-amber-300" style={{ left: `${(100 * b) / scale}%` }} />
        ))}
      </div>
      <div className="flex w-full justify-between text-xs text-slate-400">
        <span>0 s</span>
        <span>expert 25 s · casino 45 s</span>
        <span>60 s+</span>
      </div>
      <div className="flex gap-2">
        <Button onClick={onAgain}>
          Again <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" onClick={onSetup}>
          Change settings
        </Button>
      </div>
    </div>
  );
}
