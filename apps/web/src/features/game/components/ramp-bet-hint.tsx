import type { PayoutRules } from '@card-counter/engine';
import type { BetRampSetting } from '@card-counter/shared';
import { formatCount, rampBetAt } from '../model/bet-ramp.ts';
import { formatAmount } from '../model/money.ts';

/** "3 units" / "1 unit". */
export function unitsText(n: number): string {
  const a = Math.abs(n);
  return `${formatAmount(a)} unit${a === 1 ? '' : 's'}`;
}

/** The ramp's bet for the count now, beside the chips. */
export function RampBetHint({ ramp, trueCount, rules }: { ramp: BetRampSetting; trueCount: number; rules: PayoutRules }) {
  const bet = rampBetAt(ramp, trueCount, rules);
  return (
    <p className="text-center text-sm text-slate-300" data-testid="ramp-bet">
      Your ramp at true count <span className="font-semibold text-slate-100">{formatCount(trueCount)}</span>: <span className="font-semibold text-emerald-300">{unitsText(bet.units)}</span> ({formatAmount(bet.credits)} credits{bet.rounded ? ", to the table's step" : ''})
    </p>
  );
}
