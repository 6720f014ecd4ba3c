import { betStepFor, type Rules } from '@card-counter/engine';
import { useHouse } from '../model/house.ts';
import { formatAmount } from '../model/money.ts';
import { rulesSummary } from '../model/rules-summary.ts';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

export interface TableHeaderProps {
  balance: number;
  rules: Rules;
  local: boolean;
  settingsOpen: boolean;
  onToggleSettings: () => void;
  /** Keys shown on the button (T). */
  shortcuts?: boolean;
}

/** Balance, the table's rules in counters' shorthand, the limits, and the way into the settings. */
export function TableHeader({ balance, rules, local, settingsOpen, onToggleSettings, shortcuts = false }: TableHeaderProps) {
  // Bets the rules can pay exactly (decision record 0045): 2 at 3:2, 10 at 6:5 with surrender.
  const step = betStepFor(rules);
  const house = useHouse();
  return (
    <header className="grid grid-cols-[1fr_auto] items-end gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr_auto] sm:gap-y-2">
      <div className="min-w-0">
        <h1 className="sr-only">Game</h1>
        <p className="text-xs font-medium uppercase tracking-wider text-slate-400">{house.unit === 'chips' ? 'Tournament chips' : 'Balance'}{local ? ' (this browser)' : ''}</p>
        <p className="text-2xl font-extrabold tabular-nums text-white sm:text-3xl" data-testid="table-balance">
          {`${formatAmount(balance)} ${house.unit}`}
        </p>
      </div>
      <div className="col-span-2 row-start-2 flex min-w-0 flex-col items-start gap-0.5 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:items-end">
        <p className="font-mono text-sm font-semibold text-emerald-200 sm:text-base" data-testid="rules-line" title="Table rules">
          {rulesSummary(rules)}
        </p>
        <p className="text-xs text-slate-400 sm:text-sm">
          Bets {formatAmount(house.betMin)}–{formatAmount(house.betMax)} per spot{step !== null && step > 1 ? `, in steps of ${step}` : ''} · {house.feePerHand > 0 ? `${house.feePerHand} credits per hand dealt` : 'no fee per hand'}
        </p>
      </div>
      <button
        type="button"
        onClick={onToggleSettings}
        aria-expanded={settingsOpen}
        aria-controls="table-settings"
        aria-keyshortcuts={shortcuts ? ariaKey('settings') : undefined}
        className="col-start-2 row-start-1 rounded-md border border-slate-600 px-3 py-2 text-sm font-semibold text-slate-100 hover:bg-slate-800 sm:col-start-3"
      >
        Table settings
        <Kbd action="settings" show={shortcuts} />
      </button>
    </header>
  );
}
