// Beside the coach's verdict on a signed-in player's table: their own result at the current true
// count from the graded record (decision record 0060), "You at TC +2: +1.2% ± 0.8% over 14 rounds".
import type { VisibleGameState } from '@card-counter/engine';
import { resultLine, useRecordByTrueCount } from '@/shared/record/by-true-count.ts';

export function YourResultAtCount({ state }: { state: VisibleGameState }) {
  const game = { count: state.counting.system, custom: state.counting.custom, rules: state.config };
  // Read again after each round the player finishes (their hands played move).
  const q = useRecordByTrueCount(game, true, state.sessionStats.handsPlayed);
  const line = q.data ? resultLine(q.data.rows, state.trueCount) : q.isError ? 'Your record by count could not be read.' : 'Reading your record by count…';
  return (
    <section aria-label="Your result at this count" className="rounded-xl bg-slate-900 px-4 py-3">
      <p className="text-sm font-semibold text-pink-200 tabular-nums" data-testid="your-result-at-count">
        {line}
      </p>
      <p className="mt-1 text-xs text-slate-400">Your net per unit bet in the rounds you began at this true count, from your graded record (± one standard error).</p>
    </section>
  );
}
