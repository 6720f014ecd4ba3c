import { useState } from 'react';
import { BET_GRADE_MEANS, EDGE_GIVEN_AWAY_MEANS } from '@/shared/lib/grade-words.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useShoeReportOf } from '../api/lifetime-api.ts';
import { ShoeRounds } from './shoe-rounds.tsx';

// A shoe's report from Profile -> Shoes (issue 39: every shoe's report is reachable here,
// whatever happened to its count check): the server's figures, read when the player opens it.

function money(x: number): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function ShoeReportSummary({ shoe }: { shoe: string }) {
  const [open, setOpen] = useState(false);
  const report = useShoeReportOf(shoe, open);
  const r = report.data;
  return (
    <div className="mt-1">
      <button type="button" aria-expanded={open} className="text-emerald-300 underline" onClick={() => setOpen((o) => !o)}>
        {open ? "Hide this shoe's report" : "This shoe's report"}
      </button>
      {open && report.isPending && <p className="text-xs text-slate-400">Loading the report...</p>}
      {open && report.error && <FormError error={report.error} />}
      {open && r && (
        <div data-testid="profile-shoe-report" className="mt-1 rounded bg-slate-900/70 p-2 text-xs text-slate-300">
          <p className="tabular-nums">
            {r.rounds} round{r.rounds === 1 ? '' : 's'} · count checks {r.countChecks.correct} of {r.countChecks.asked} right · play errors {r.decisions.errors} of {r.decisions.graded} · edge given away {money(r.edgeGiven.credits)} credits
            {r.edgeGiven.percentOfBet !== null ? ` (${money(r.edgeGiven.percentOfBet)}% of ${money(r.bet_credits)} bet)` : ''}
            {r.betGrades ? ` · bets on the ramp ${r.betGrades.right} of ${r.betGrades.graded}, ${money(r.betGrades.cost_credits)} credits given away` : ''}
            {r.roundTime_ms !== null ? ` · ${(r.roundTime_ms / 1000).toFixed(1)} s a round` : ''}
          </p>
          <p className="mt-1 text-slate-400">
            {EDGE_GIVEN_AWAY_MEANS}
            {r.betGrades ? ` ${BET_GRADE_MEANS}` : ''}
          </p>
          <ShoeRounds shoe={shoe} />
        </div>
      )}
    </div>
  );
}
