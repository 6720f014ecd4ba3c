import type { DeviationAnswer, DeviationDeal, DeviationVerdict } from '@card-counter/shared';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { answerDeviation, dealDeviation } from '../api/deviation-deals.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { ANSWER_KEYS, signed } from '../model/labels.ts';
import { indexLine, setLine, worthLine } from '../model/deviation-worth.ts';
import { CardRow, Felt } from './felt.tsx';

// A signed-in player's deviations drill (ADR 0053): the server deals an index play of the set it
// reads for the table's count and rules (the player's chosen set, else the full set), drawn by
// what each index is worth and sooner when missed, and grades the answer against that set.
// Keys: H S D P R (I / N for insurance); Enter for the next hand.

type Phase =
  | { kind: 'dealing' }
  | { kind: 'failed'; message: string }
  | { kind: 'shown'; deal: DeviationDeal }
  | { kind: 'checking'; deal: DeviationDeal; chosen: DeviationAnswer }
  | { kind: 'done'; deal: DeviationDeal; verdict: DeviationVerdict };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'The server did not answer.');

export function ServedDeviationDrill({ trainer }: { trainer: Trainer }) {
  const { rules, counting } = trainer.settings;
  const [phase, setPhase] = useState<Phase>({ kind: 'dealing' });
  const deal = useCallback(() => {
    setPhase({ kind: 'dealing' });
    const body = { count: counting.system, ...(counting.custom ? { custom: counting.custom } : {}), rules, resolution: counting.resolution, rounding: counting.rounding };
    dealDeviation(body).then(
      (d) => setPhase({ kind: 'shown', deal: d }),
      (e: unknown) => setPhase({ kind: 'failed', message: messageOf(e) }),
    );
  }, [rules, counting]);
  useEffect(deal, [deal]);
  const choose = useCallback(
    (a: DeviationAnswer) => {
      if (phase.kind !== 'shown') return;
      const d = phase.deal;
      setPhase({ kind: 'checking', deal: d, chosen: a });
      answerDeviation(d.dealId, a).then(
        (verdict) => setPhase({ kind: 'done', deal: d, verdict }),
        (e: unknown) => setPhase({ kind: 'failed', message: messageOf(e) }),
      );
    },
    [phase],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (phase.kind === 'done' && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        deal();
      } else if (phase.kind === 'shown') {
        const a = phase.deal.choices.find((c) => ANSWER_KEYS[c].key === e.key.toLowerCase());
        if (a !== undefined) choose(a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, deal, choose]);
  const shown = phase.kind === 'shown' || phase.kind === 'checking' || phase.kind === 'done' ? phase.deal : null;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300" data-testid="deviation-set">
        {shown ? `Drilling ${setLine(shown.set)}${shown.set.plays > 1 ? ', the plays worth most asked most' : ''}.` : 'Dealing from your index set…'}
        {shown?.set.fallback ? <span className="block text-amber-300">{shown.set.fallback}</span> : null}
      </p>
      <Felt label="Deviation hand">
        {shown ? <DealView deal={shown} /> : <p role="status" className="text-emerald-100">{phase.kind === 'failed' ? 'No hand dealt.' : 'Dealing…'}</p>}
      </Felt>
      <div className="flex flex-wrap justify-center gap-2" role="group" aria-label="Your play">
        {(shown?.choices ?? []).map((c) => (
          <AnswerButton key={c} c={c} phase={phase} onChoose={choose} />
        ))}
      </div>
      <div aria-live="polite" className="flex min-h-[3.5rem] flex-col items-center gap-2 text-center">
        {phase.kind === 'checking' ? <p className="text-slate-300">Checking with the server…</p> : null}
        {phase.kind === 'failed' ? (
          <>
            <p className="text-rose-300">{phase.message}</p>
            <Button onClick={deal}>Try again</Button>
          </>
        ) : null}
        {phase.kind === 'done' ? <VerdictView verdict={phase.verdict} onNext={deal} /> : null}
      </div>
    </div>
  );
}

function DealView({ deal }: { deal: DeviationDeal }) {
  return (
    <>
      <p className="rounded-full bg-slate-950/60 px-4 py-1 text-lg font-bold tabular-nums text-amber-200" aria-label={`${deal.countName} ${signed(deal.count)}`}>
        {deal.countName === 'true count' ? 'True count' : 'Running count'} {signed(deal.count)}
      </p>
      <CardRow cards={[deal.upcard]} label="Dealer" dealKey={`u${deal.dealId}`} />
      <CardRow cards={deal.hand} label="You" dealKey={`h${deal.dealId}`} />
    </>
  );
}

function AnswerButton({ c, phase, onChoose }: { c: DeviationAnswer; phase: Phase; onChoose: (a: DeviationAnswer) => void }) {
  const picked = (phase.kind === 'checking' && phase.chosen === c) || (phase.kind === 'done' && phase.verdict.answered === c);
  const right = phase.kind === 'done' && phase.verdict.answer === c;
  return (
    <button
      type="button"
      disabled={phase.kind !== 'shown'}
      onClick={() => onChoose(c)}
      className={`min-w-[6.5rem] rounded-lg px-4 py-3 text-base font-semibold ring-1 transition disabled:cursor-default ${
        right ? 'bg-emerald-500 text-slate-950 ring-emerald-300' : picked ? 'bg-rose-600 text-white ring-rose-400' : 'bg-slate-800 text-slate-100 ring-slate-700 hover:bg-slate-700'
      }`}
    >
      {ANSWER_KEYS[c].label} <kbd className="ml-1 rounded bg-black/25 px-1.5 text-xs uppercase">{ANSWER_KEYS[c].key}</kbd>
    </button>
  );
}

function VerdictView({ verdict, onNext }: { verdict: DeviationVerdict; onNext: () => void }) {
  return (
    <>
      <p className={`text-lg font-semibold ${verdict.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
        {verdict.correct ? 'Right' : 'Not quite'}: {ANSWER_KEYS[verdict.answer].label} is the play.
      </p>
      <p className="text-sm text-slate-300" data-testid="deviation-index">
        {indexLine(verdict)}; {worthLine(verdict.worth_per_round)}.
        {verdict.decidedBy ? ` Here ${indexLine({ entry: verdict.decidedBy, insurance: null })} decides.` : ''}
      </p>
      <Button onClick={onNext} autoFocus>
        Next hand <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
      </Button>
    </>
  );
}
