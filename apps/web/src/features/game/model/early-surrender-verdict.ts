// The early-surrender answer (decision record 0050) as the coach's verdict and the record's
// entry. In the coach's chunk (coach-engine.ts re-exports it): only tables with early surrender
// ask it, so the table's own first-load chunk carries none of it.
import type { PlayerAction, VisibleGameState } from '@card-counter/engine';
import type { RecordEntry } from '@card-counter/shared';
import type { CoachEngine } from './coach-engine-types.ts';
import { valueLabel } from '@/shared/ui/card-names.ts';
import type { TableAdvice } from './coach-index.ts';
import { coachStandard, decisionEntry, decisionVerdict, type Verdict } from './coach-verdicts.ts';

/**
 * The early-surrender answer as a verdict: taking it is 'surrender', playing on is judged as the
 * best other play (its EV is what playing on is worth), so the cost is the server's (coach/grade.ts).
 */
export function earlySurrenderVerdict(engine: CoachEngine, state: VisibleGameState, advice: TableAdvice, take: boolean): Verdict | null {
  let playOn: PlayerAction = 'hit';
  let best = -Infinity;
  for (const [play, ev] of Object.entries(advice.evs) as [PlayerAction, number | null][]) {
    if (play !== 'surrender' && ev !== null && ev > best) {
      best = ev;
      playOn = play;
    }
  }
  const v = decisionVerdict(engine, state, advice, take ? 'surrender' : playOn);
  if (!v) return null;
  const correct = take === (advice.recommended === 'surrender');
  const handText = `${v.hand.map(valueLabel).join(',')} v ${valueLabel(v.upcard)}`;
  const by = coachStandard(advice);
  const answer = take ? 'Early surrender of' : 'Playing on with';
  const right = advice.recommended === 'surrender' ? 'surrender early' : 'play on';
  const sentence = correct ? `${answer} ${handText}: matches ${by}.` : `${answer} ${handText}: ${by} says ${right}.`;
  return { ...v, correct, early: true, sentence };
}

/** The record's entry of an early-surrender answer ('surrender' or 'noSurrender', as the server grades it). */
export function earlySurrenderEntry(v: Verdict, bet: number): RecordEntry {
  return {
    ...decisionEntry(v, bet),
    chosen: v.chosen === 'surrender' ? 'surrender' : 'noSurrender',
    best: v.advice.recommended === 'surrender' ? 'surrender' : 'noSurrender',
  };
}

