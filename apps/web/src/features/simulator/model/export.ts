// History export: JSON (everything, as stored) and CSV (one row per run, the headline numbers,
// and one row per run and true count), for spreadsheets.
import type { SimRun } from '@card-counter/shared';
import { settingsLine } from './format-sim.ts';

const HEAD = ['run_id', 'created_at', 'settings', 'seed', 'rounds', 'ev_units', 'ev_se_units', 'ev_per_100_units', 'advantage', 'sd_units', 'di', 'score', 'n0', 'avg_bet_units', 'bankroll_units', 'ror_closed_form', 'ror_simulated', 'tc', 'tc_frequency', 'tc_advantage', 'tc_ev_units', 'tc_ev_se_units', 'tc_avg_bet_units'];

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

type Num = number | null | undefined;
interface ResultLike {
  rounds: number;
  ev: number;
  evStdErr: number;
  evPer100?: Num;
  evPerUnitBet?: Num;
  sd?: Num;
  di?: Num;
  score?: Num;
  n0?: Num;
  avgBet?: Num;
  riskOfRuin?: { closedForm: number; simulated: number | null } | null;
  perTrueCount: { tc?: unknown; frequency?: unknown; evPerUnitBet?: unknown; ev?: unknown; evStdErr?: unknown; avgBet?: unknown }[];
}

export function runsToCsv(runs: readonly SimRun[]): string {
  const lines = [HEAD.join(',')];
  for (const run of runs) {
    const r = run.result as ResultLike | null;
    const base = [run.runId, run.createdAt, settingsLine(run.settings), run.settings.seed];
    if (!r) {
      lines.push([...base, ...new Array<string>(HEAD.length - base.length).fill('')].map(cell).join(','));
      continue;
    }
    const summary = [r.rounds, r.ev, r.evStdErr, r.evPer100, r.evPerUnitBet, r.sd, r.di, r.score, r.n0, r.avgBet, run.settings.bankroll_units, r.riskOfRuin?.closedForm, r.riskOfRuin?.simulated];
    lines.push([...base, ...summary, '', '', '', '', '', ''].map(cell).join(','));
    for (const t of r.perTrueCount) lines.push([...base, ...summary, t.tc, t.frequency, t.evPerUnitBet, t.ev, t.evStdErr, t.avgBet].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

export function runsToJson(runs: readonly SimRun[]): string {
  return `${JSON.stringify({ exported: new Date().toISOString(), runs }, null, 2)}\n`;
}
