import { useCallback, useState } from 'react';
import { legalPlays, type PlayerAction } from '@card-counter/engine';
import { canDeal } from '../model/legal-moves.ts';
import type { CoachHandle } from './use-coach.ts';
import type { TableHandle } from './use-table.ts';
import type { TablePrefs } from './use-table-prefs.ts';

// The player's moves at the table, by button or key: a play (judged by the coach first, and in
// 'warn' mode held back for confirmation when it is not the coach's), the deal, insurance and
// early surrender;
// every answer's balance goes to `onBalance`. The keys reach them through use-keyboard-play.ts.

export interface Warning {
  chosen: PlayerAction;
  recommended: PlayerAction;
}

export function useTableMoves(
  table: TableHandle,
  coach: CoachHandle,
  prefs: TablePrefs,
  onBalance: ((balance: number) => void) | undefined,
) {
  const { act } = table;
  const state = table.snapshot?.state ?? null;
  const [warning, setWarning] = useState<Warning | null>(null);

  const afterAct = useCallback(
    async (p: ReturnType<typeof act>) => {
      const next = await p;
      if (next) onBalance?.(next.state.balance);
    },
    [onBalance],
  );

  const play = useCallback(
    (action: PlayerAction, confirmed = false) => {
      const advice = coach.advice;
      if (!confirmed && prefs.coach === 'warn' && advice && action !== advice.recommended) {
        setWarning({ chosen: action, recommended: advice.recommended });
        return;
      }
      setWarning(null);
      coach.judge(action);
      void afterAct(act({ type: action }));
    },
    [coach, prefs.coach, act, afterAct],
  );

  const deal = useCallback(() => {
    setWarning(null);
    void afterAct(act({ type: 'deal' }));
  }, [act, afterAct]);

  const insure = (take: boolean) => {
    coach.judgeInsurance(take);
    void afterAct(act({ type: 'insurance', take }));
  };

  const earlySurrender = (take: boolean) => {
    coach.judgeEarlySurrender(take);
    void afterAct(act({ type: 'earlySurrender', take }));
  };

  const moves = state ? legalPlays(state) : null;
  const dealable = state ? canDeal(state) : false;

  /** Plays the move the coach warned about (the player confirmed it). */
  const confirm = () => {
    if (warning) play(warning.chosen, true);
  };

  return { moves, dealable, warning, dismissWarning: () => setWarning(null), confirm, play, deal, insure, earlySurrender };
}
