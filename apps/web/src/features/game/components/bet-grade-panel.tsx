import type { BetGrades, GradedBet } from '../hooks/use-bet-grades.ts';
import { formatCount } from '../model/bet-ramp.ts';
import { formatAmount } from '../model/money.ts';
import { betCostWords } from '@/shared/lib/bet-cost-words.ts';

// The last round's bet against the ramp (decision record 0030), beside the coach's verdicts. Shown
// only once a ramp is set: a chunk of its own, out of the table's first load (first-load.test.ts).

import { unitsText } from './ramp-bet-hint.tsx';

/** "Cost 0.88 expected credits" / "No expectation given away: more at risk than your ramp plans" (ADR 0058). */
export function costText(verdict: 'right' | 'over' | 'under', cost_credits: number): string {
  return betCostWords(verdict, cost_credits, formatAmount);
}

function Verdict({ bet }: { bet: GradedBet }) {
  const g = bet.grade;
  const f = bet.facts;
  if (g === null) return <p className="text-sm text-slate-400">Grading the bet of {formatAmount(f.bet_credits)}...</p>;
  const tone = g.verdict === 'right' ? 'text-emerald-300' : 'text-amber-300';
  const title = g.verdict === 'right' ? 'Bet by the ramp' : `${g.verdict === 'over' ? 'Over-bet' : 'Under-bet'} by ${unitsText(g.diffUnits)}`;
  return (
    <div data-testid="bet-grade" data-verdict={g.verdict}>
      <p className={`text-base font-bold ${tone}`}>{title}</p>
      <p className="text-sm text-slate-300">
        Bet {formatAmount(f.bet_credits)} at true count {formatCount(f.trueCount)}; the ramp says {unitsText(g.rampUnits)} ({formatAmount(g.rampBet_credits)}).
      </p>
      <p className="text-sm text-slate-300" data-testid="bet-cost">
        {costText(g.verdict, g.evCost_credits)} <span className="text-slate-500">(advantage {(g.advantage * 100).toFixed(2)}%)</span>
      </p>
    </div>
  );
}

export function BetGradePanel({ grades }: { grades: BetGrades }) {
  return (
    <section aria-labelledby="bet-grade-heading" className="rounded-xl bg-slate-900 p-4">
      <h2 id="bet-grade-heading" className="mb-2 text-sm font-bold uppercase tracking-wider text-slate-300">
        Bet
      </h2>
      {grades.last === null ? <p className="text-sm text-slate-400">Each round&apos;s bet is graded against your ramp when it is dealt.</p> : <Verdict bet={grades.last} />}
    </section>
  );
}
