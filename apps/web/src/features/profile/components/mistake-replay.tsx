import type { MistakeRound, MistakeRoundEnd, MistakeRoundStep } from '@card-counter/shared';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useMistakeRound } from '../api/lifetime-api.ts';
import { cardLabel, choiceLabel, countLabel } from '../model/cards.ts';
import { stepNumbers } from '../model/round-evs.ts';

/** A mistake's round, decision by decision, with the coach's exact EV of every play at each. */
export function MistakeReplay({ id }: { id: string }) {
  const round = useMistakeRound(id, true);
  if (round.isPending) return <p role="status" className="mt-3 text-sm text-slate-400">Loading the round...</p>;
  if (round.isError) return <FormError error={round.error} />;
  return <RoundSteps round={round.data} />;
}

function RoundSteps({ round }: { round: MistakeRound }) {
  return (
    <div className="mt-3 rounded-lg bg-slate-950/60 p-3 ring-1 ring-slate-800">
      <p className="mb-2 text-sm text-slate-300">
        {round.wholeRound
          ? `${round.steps.length === 1 ? "The round's one decision" : `The round's ${round.steps.length} decisions, in the order you made them`}, with the exact expected result of every play from the cards you had seen.`
          : 'This round was played before rounds were kept: the mistake alone, with the exact expected result of every play from the cards you had seen.'}
      </p>
      <ol aria-label="The round, step by step" className="space-y-3">
        {round.steps.map((step, i) => (
          <Step key={step.id} step={step} n={i + 1} mistake={step.id === round.mistakeId} />
        ))}
      </ol>
      {round.end ? <RoundEnd end={round.end} /> : null}
    </div>
  );
}

function signedPercent(ev: number): string {
  const pct = ev * 100;
  return `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct).toFixed(1)}%`;
}

function signedCredits(c: number): string {
  return `${c > 0 ? '+' : c < 0 ? '−' : ''}${Math.abs(c).toFixed(2)}`;
}

function Step({ step, n, mistake }: { step: MistakeRoundStep; n: number; mistake: boolean }) {
  const numbers = stepNumbers(step);
  const insurance = step.chosen === 'insure' || step.chosen === 'noInsurance';
  return (
    <li aria-current={mistake ? 'step' : undefined} className={`rounded-md p-2 ${mistake ? 'bg-rose-950/40 ring-1 ring-rose-900' : ''}`}>
      <p className="text-sm font-semibold">
        {n}. {insurance ? 'Insurance, with ' : ''}
        {step.hand.map(cardLabel).join(' ')} against {cardLabel(step.upcard)}
        <span className="font-normal text-slate-400">
          {' '}
          · true count {countLabel(step.trueCount)} · bet {step.bet_credits}
          {step.fromSplit ? ' · after a split' : ''}
        </span>
      </p>
      <p className="text-sm">
        You: <strong>{choiceLabel(step.chosen)}</strong>
        {step.correct ? (
          <span className="text-emerald-300"> (right)</span>
        ) : (
          <>
            {' '}
            · coach: <strong>{choiceLabel(step.best)}</strong>{' '}
            <span className="text-rose-300">(−{step.cost_credits.toFixed(2)} credits)</span>
          </>
        )}
      </p>
      {numbers ? (
        <table className="mt-1 text-xs tabular-nums">
          <caption className="sr-only">
            Expected result of each play, per {numbers.per === 'bet' ? 'unit of the bet' : 'unit of the insurance bet'}
          </caption>
          <thead>
            <tr className="text-left text-slate-400">
              <th scope="col" className="pr-4 font-normal">
                Play
              </th>
              <th scope="col" className="pr-4 font-normal">
                EV ({numbers.per === 'bet' ? 'of the bet' : 'of the insurance'})
              </th>
              <th scope="col" className="font-normal">
                Credits
              </th>
            </tr>
          </thead>
          <tbody>
            {numbers.lines.map((l) => (
              <tr key={l.choice} className={l.choice === step.best ? 'text-emerald-300' : l.choice === step.chosen ? 'text-rose-300' : 'text-slate-300'}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {choiceLabel(l.choice)}
                  {l.choice === step.best ? ' (coach)' : ''}
                  {l.choice === step.chosen && !step.correct ? ' (you)' : ''}
                </th>
                <td className="pr-4">{signedPercent(l.ev)}</td>
                <td>{signedCredits(l.ev_credits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

const OUTCOME: Record<MistakeRoundEnd['hands'][number]['outcome'], string> = {
  blackjack: 'blackjack',
  win: 'won',
  push: 'push',
  loss: 'lost',
  bust: 'bust',
  surrender: 'surrendered',
  evenMoney: 'even money',
};

/** How the round ended: the dealer's hand, each of the player's hands and the round's result. */
function RoundEnd({ end }: { end: MistakeRoundEnd }) {
  return (
    <div aria-label="How the round ended" role="group" className="mt-3 border-t border-slate-800 pt-2 text-sm">
      <p>
        Dealer: {end.dealer.map(cardLabel).join(' ')} ({end.dealerTotal > 21 ? 'bust' : end.dealerTotal})
      </p>
      <ul>
        {end.hands.map((h, i) => (
          <li key={i}>
            {end.hands.length > 1 ? `Hand ${i + 1}` : 'You'}: {h.cards.map(cardLabel).join(' ')}, {OUTCOME[h.outcome]}{' '}
            <span className={`tabular-nums ${h.net > 0 ? 'text-emerald-300' : h.net < 0 ? 'text-rose-300' : 'text-slate-300'}`}>{signedCredits(h.net)}</span>
          </li>
        ))}
      </ul>
      <p className="font-semibold">
        The round: <span className="tabular-nums">{signedCredits(end.net)}</span> credits
      </p>
    </div>
  );
}
