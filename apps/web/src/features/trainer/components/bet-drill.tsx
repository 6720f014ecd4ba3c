import { countingSystemOf } from '@card-counter/engine';
import type { BetSizingDeal, BetStandard, BetVerdict } from '@card-counter/shared';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { useServedDrill } from '../hooks/use-served-drill.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { signed } from '../model/labels.ts';
import { betItems, itemSize } from '../model/speed-items.ts';
import { CountInput } from './count-input.tsx';
import { Felt } from './felt.tsx';
import { Choice, PracticeNote, ServedFailure, ServedNote, ServedOnly } from './served-parts.tsx';
import { SessionBar } from './session-bar.tsx';

// Bet sizing (ADR 0063): a count and a bankroll from a shoe of the player's own table; bet the
// ramp set at the table, or the Kelly bet. The server grades it with the table's own bet grade
// (the ramp) or by the growth the bet gives up (Kelly), and says which standard it used.

const STANDARDS: readonly [BetStandard, string][] = [
  ['ramp', 'My ramp'],
  ['kelly', 'Kelly bet'],
];

const credits = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(2)}%`;

export function BetDrill({ trainer }: { trainer: Trainer }) {
  if (!trainer.store.signedIn) return <ServedOnly what="The bet-sizing drill" />;
  return <BetDrillServed trainer={trainer} />;
}

function BetDrillServed({ trainer }: { trainer: Trainer }) {
  const [standard, setStandard] = useState<BetStandard>('ramp');
  const pool = useMemo(() => betItems(standard), [standard]);
  const bodyOf = useCallback((item: string) => ({ drill: 'betSizing' as const, standard, count: itemSize(item) }), [standard]);
  const drill = useServedDrill<BetSizingDeal, BetVerdict>('betSizing', trainer, pool, bodyOf, null);
  const { phase } = drill;
  const sys = countingSystemOf(trainer.settings.counting);
  return (
    <div className="flex flex-col gap-4">
      <ServedNote charted={false}>
        A count and a bankroll from a shoe of your table&apos;s rules ({sys.name}): bet your ramp (set in the table&apos;s settings) or the Kelly bet. Graded by what the bet costs; practice only, since
        everything it needs is on screen.
      </ServedNote>
      {phase.kind === 'idle' || phase.kind === 'dealing' || phase.kind === 'dealFailed' ? (
        <div className="flex flex-col items-center gap-4 rounded-xl bg-slate-900/80 p-5 ring-1 ring-slate-800">
          <Choice label="Bet by" options={STANDARDS} value={standard} onChange={setStandard} />
          <p className="max-w-md text-center text-xs text-slate-400">
            {standard === 'ramp'
              ? "Your ramp's bet at the count; graded as the table grades bets: right within half a unit, the cost in expected credits at your advantage there."
              : 'Kelly: bankroll × advantage ÷ variance, within the table limits (or sit out when nothing gains); graded by the growth a round the bet gives up.'}
          </p>
          <Button onClick={drill.start} disabled={phase.kind === 'dealing'}>
            {phase.kind === 'dealing' ? 'Dealing…' : 'Start bet sizing'} <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
          </Button>
          <ServedFailure drill={drill} />
        </div>
      ) : (
        <>
          <Felt label="Bet sizing">
            <Question deal={phase.deal} balanced={sys.balanced} />
          </Felt>
          <div aria-live="polite" className="flex min-h-[6rem] flex-col items-center gap-3">
            {phase.kind === 'shown' ? (
              <CountInput key={phase.deal.dealId} label="Your bet (credits, 0 to sit out)" step={1} onSubmit={(n) => drill.answer({ bet_credits: Math.max(0, Math.round(n)) })} />
            ) : null}
            {phase.kind === 'checking' ? <p className="text-slate-300">Checking with the server…</p> : null}
            <ServedFailure drill={drill} />
            {phase.kind === 'done' ? <BetVerdictView deal={phase.deal} verdict={phase.verdict} onNext={drill.start} onStop={drill.stop} /> : null}
          </div>
        </>
      )}
      <SessionBar stats={drill.session.stats} />
    </div>
  );
}

function Question({ deal, balanced }: { deal: BetSizingDeal; balanced: boolean }) {
  return (
    <div className="flex w-full flex-col items-center gap-3 text-center">
      <div className="flex flex-wrap items-end justify-center gap-x-10 gap-y-3">
        <div className="flex flex-col items-center">
          <span className="text-xs uppercase tracking-widest text-emerald-200/80">{balanced ? 'True count' : 'Running count'}</span>
          <span className="text-6xl font-black tabular-nums text-white" data-testid="bet-count">
            {signed(deal.count)}
          </span>
        </div>
        <div className="flex flex-col items-center">
          <span className="text-xs uppercase tracking-widest text-emerald-200/80">Bankroll</span>
          <span className="text-3xl font-bold tabular-nums text-white">{credits(deal.bankroll_credits)}</span>
        </div>
      </div>
      <p className="text-sm text-emerald-100">
        {balanced ? `Running count ${signed(deal.runningCount)}, ${deal.decksRemaining} decks left. ` : `${deal.decksRemaining} decks left. `}
        {deal.standard === 'ramp' && deal.ramp !== null
          ? `Your ramp: a unit of ${credits(deal.ramp.unit_credits)} credits.`
          : `Your game: ${pct(deal.edgeOffTop)} off the top, ${pct(deal.edgePerTrueCount)} a true count; variance ${deal.variance}. Table ${deal.minBet_credits} to ${credits(deal.maxBet_credits)}.`}
      </p>
    </div>
  );
}

function BetVerdictView({ deal, verdict, onNext, onStop }: { deal: BetSizingDeal; verdict: BetVerdict; onNext: () => void; onStop: () => void }) {
  const word = verdict.verdict === 'right' ? 'Right' : verdict.verdict === 'over' ? 'Over' : 'Under';
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-2 text-center">
      <p className={`text-xl font-bold ${verdict.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
        {word}: you bet {credits(verdict.bet_credits)}, {verdict.standard === 'ramp' ? 'your ramp bets' : 'Kelly bets'} {credits(verdict.standardBet_credits)}
      </p>
      <p className="text-sm text-slate-300" data-testid="bet-standard">
        {verdict.standard === 'ramp' ? rampLine(deal, verdict) : kellyLine(deal, verdict)}
      </p>
      <PracticeNote practice={verdict.practice} />
      <div className="flex gap-2">
        <Button onClick={onNext} autoFocus>
          Next <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" onClick={onStop}>
          Change standard
        </Button>
      </div>
    </div>
  );
}

function rampLine(deal: BetSizingDeal, v: BetVerdict): string {
  const unit = deal.ramp?.unit_credits ?? 1;
  const units = v.standardBet_credits / unit;
  const cost =
    v.cost_credits > 0
      ? `it gives away ${credits(v.cost_credits)} credits of expected value`
      : v.cost_credits < 0
        ? `it gains ${credits(-v.cost_credits)} credits of expected value, at more risk than your ramp takes`
        : 'it costs nothing';
  return `Graded against your ramp (the table's bet grade): ${units} ${units === 1 ? 'unit' : 'units'} of ${credits(unit)} at ${signed(deal.count)}. At your advantage here (${pct(v.advantage)}) ${cost}.`;
}

function kellyLine(deal: BetSizingDeal, v: BetVerdict): string {
  const formula = `Kelly: ${credits(deal.bankroll_credits)} × ${pct(v.advantage)} ÷ ${deal.variance} = ${credits(v.kelly_credits)}`;
  const bet =
    v.standardBet_credits === 0
      ? '; no bet grows the bankroll here, so Kelly sits out (the table minimum is also accepted)'
      : v.standardBet_credits !== v.kelly_credits
        ? `, held to the table's limits: ${credits(v.standardBet_credits)}`
        : '';
  return `Graded against the Kelly bet. ${formula}${bet}. Growth given up: ${credits(v.cost_credits)} credits a round (certainty equivalent); right within 25%.`;
}
