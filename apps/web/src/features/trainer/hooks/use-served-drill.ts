import type { AnyDrillAnswerBody, AnyDrillDeal, AnyDrillDealPostBody, AnyDrillVerdict, DrillId } from '@card-counter/shared';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useWindowKeydown } from '@/shared/lib/use-window-keydown.ts';
import { answerDrill, dealDrill } from '../api/drill-deals.ts';
import { canResend, messageOf } from './request-errors.ts';
import { useDrillSession, type DrillSession } from './use-drill-session.ts';
import type { Trainer } from './use-trainer.ts';

// The state machine of issue 39's drills (ADR 0062, 0063): the scheduler picks the item, the
// server deals it (its cards, or a bet's question) and times the answer from that deal, and
// grades it; the screen shows the cards (a flash hides them after its exposure), takes the
// answer and shows the server's verdict. Nothing here times or grades anything that counts.

export type ServedPhase<D extends AnyDrillDeal, V extends AnyDrillVerdict> =
  | { kind: 'idle' }
  | { kind: 'dealing' }
  | { kind: 'dealFailed'; message: string }
  /** `hidden`: the flash's exposure is over (the cards are off the felt). */
  | { kind: 'shown'; deal: D; hidden: boolean }
  | { kind: 'checking'; deal: D }
  | { kind: 'answerFailed'; deal: D; body: AnyDrillAnswerBody; message: string; canResend: boolean }
  | { kind: 'done'; deal: D; verdict: V };

export interface ServedDrill<D extends AnyDrillDeal, V extends AnyDrillVerdict> {
  phase: ServedPhase<D, V>;
  session: DrillSession;
  /** Deals the next item (the scheduler's), and shows it. */
  start: () => void;
  answer: (body: AnyDrillAnswerBody) => void;
  /** Back to the settings. */
  stop: () => void;
}

/** Hides a flash's cards `exposure_ms` after they arrive (null: never). */
function useExposure<D extends AnyDrillDeal, V extends AnyDrillVerdict>(
  phase: ServedPhase<D, V>,
  setPhase: Dispatch<SetStateAction<ServedPhase<D, V>>>,
  exposure_ms: number | null,
): void {
  const shownDeal = phase.kind === 'shown' && !phase.hidden ? phase.deal : null;
  useEffect(() => {
    if (shownDeal === null || exposure_ms === null) return;
    const t = setTimeout(() => setPhase((p) => (p.kind === 'shown' && p.deal === shownDeal ? { ...p, hidden: true } : p)), exposure_ms);
    return () => clearTimeout(t);
  }, [shownDeal, exposure_ms, setPhase]);
}

/**
 * `bodyOf` makes the deal's body of an item; `exposure_ms` (null: no limit) hides the cards that
 * long after they arrive. `pool`: the items the scheduler deals from.
 */
export function useServedDrill<D extends AnyDrillDeal, V extends AnyDrillVerdict>(
  drill: DrillId,
  trainer: Trainer,
  pool: readonly string[],
  bodyOf: (item: string) => AnyDrillDealPostBody,
  exposure_ms: number | null,
): ServedDrill<D, V> {
  const session = useDrillSession(drill, trainer.store, pool);
  const [phase, setPhase] = useState<ServedPhase<D, V>>({ kind: 'idle' });
  /** Requests in flight: only the latest one's answer is shown. */
  const request = useRef(0);

  const start = useCallback(() => {
    const item = session.scheduler?.next();
    if (item === undefined) return;
    const mine = ++request.current;
    setPhase({ kind: 'dealing' });
    dealDrill(bodyOf(item))
      .then((deal) => {
        if (mine === request.current) setPhase({ kind: 'shown', deal: deal as D, hidden: false });
      })
      .catch((error: unknown) => {
        if (mine === request.current) setPhase({ kind: 'dealFailed', message: messageOf(error) });
      });
  }, [session.scheduler, bodyOf]);

  useExposure(phase, setPhase, exposure_ms);

  const answer = useCallback(
    (body: AnyDrillAnswerBody) => {
      if (phase.kind !== 'shown' && !(phase.kind === 'answerFailed' && phase.canResend)) return;
      const deal = phase.deal;
      const mine = ++request.current;
      setPhase({ kind: 'checking', deal });
      answerDrill(deal.dealId, body)
        .then((verdict) => {
          if (mine !== request.current) return;
          // With its cards, as the server stores it: both sides give it the same FSRS grade (ADR 0013).
          session.recordServed(verdict.item, verdict.correct, verdict.time_ms, verdict.answeredAt, 'cards' in verdict ? verdict.cards : undefined);
          setPhase({ kind: 'done', deal, verdict: verdict as V });
        })
        .catch((error: unknown) => {
          if (mine === request.current) setPhase({ kind: 'answerFailed', deal, body, message: messageOf(error), canResend: canResend(error) });
        });
    },
    [phase, session],
  );

  // Enter (or Space) deals the next one from the settings or after a verdict; keys typed into a
  // field or on a button are theirs. Attached in the commit (useWindowKeydown): no key is lost.
  useWindowKeydown((e) => {
    const target = e.target as HTMLElement | null;
    if (target && ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    if ((e.key === 'Enter' || e.key === ' ') && (phase.kind === 'idle' || phase.kind === 'done' || phase.kind === 'dealFailed')) {
      e.preventDefault();
      start();
    }
  });

  const stop = useCallback(() => {
    request.current++;
    setPhase({ kind: 'idle' });
  }, []);

  return { phase, session, start, answer, stop };
}
