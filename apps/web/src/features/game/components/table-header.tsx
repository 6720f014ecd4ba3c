import { CREDIT_COST_HAND } from '@card-counter/shared/constants';
import { TABLE_LIMITS } from '@card-counter/shared/table';
import type { Rules } from '@card-counter/engine';
import { formatCreditsFull } from '../../../shared/lib/format.ts';
import { rulesSummary } from '../lib/rules-summary.ts';

export interface TableHeaderProps {
  balance: number;
  rules: Rules;
  local: boolean;
  settingsOpen: boolean;
  onToggleSettings: () => void;
}

/** Balance, the table's rules in counters' shorthand, the limits, and the way into the settings. */
export function TableHeader({ balance, rules, local, settingsOpen, onToggleSettings }: TableHeaderProps) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="min-w-0">
        <h1 className="sr-only">Blackjack table</h1>
        <p className="text-xs font-medium uppercase tracking-wider text-slate-400">Balance{local ? ' (this browser)' : ''}</p>
        <p className="text-3xl font-extrabold tabular-nums text-white" data-testid="table-balance">
          {formatCreditsFull(balance)}
        </p>
      </div>
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:items-end">
        <p className="font-mono text-base font-semibold text-emerald-200" data-testid="rules-line" title="Table rules">
          {rulesSummary(rules)}
        </p>
        <p className="text-sm text-slate-400">
          Bets {formatCreditsFull(TABLE_LIMITS.minBet)}–{formatCreditsFull(TABLE_LIMITS.maxBet)} per spot · {CREDIT_COST_HAND} credits per hand dealt
        </p>
      </div>
      <button
        type="button"
        onClick={onToggleSettings}
        aria-expanded={settingsOpen}
        aria-controls="table-settings"
        className="rounded-md border border-slate-600 px-3 py-2 text-sm font-semibold text-slate-100 hover:bg-slate-800"
      >
        Table settings
      </button>
    </header>
  );
}
