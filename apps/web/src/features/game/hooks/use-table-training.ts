import { useCallback, useMemo, useState } from 'react';
import type { TableTraining } from '@card-counter/shared';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { TableSource } from '../api/table-source.ts';
import { useCountCheck, type CountCheckState, type CountVerdict } from './use-count-check.ts';
import { useServerCountCheck } from './use-server-count-check.ts';
import type { TableHandle } from './use-table.ts';
import { useTablePrefs, type TablePrefs } from './use-table-prefs.ts';

// What the table trains besides the game: the prefs the coach reads and the count checks.
// On a server table, index plays and count checks are the server's (ADR 0028): the coach
// advises by the standard the server grades against, and the server asks and grades the
// checks. The other prefs stay in this browser; the local engine's checks are asked here.

export interface TableTrainingHandle {
  prefs: TablePrefs;
  setPrefs: (patch: Partial<TablePrefs>) => void;
  check: CountCheckState;
}

export function useTableTraining(
  source: TableSource,
  table: TableHandle,
  record: PlayRecord,
  onBalance: ((balance: number) => void) | undefined,
  random: (() => number) | undefined,
): TableTrainingHandle {
  const state = table.snapshot?.state ?? null;
  const training: TableTraining | null = table.snapshot?.training ?? null;
  const [localPrefs, setPrefs] = useTablePrefs();
  const prefs = useMemo(
    () =>
      training === null
        ? localPrefs
        : { ...localPrefs, indexPlays: training.settings.indexPlays, countCheck: training.settings.countChecks, testMode: training.settings.testMode },
    [localPrefs, training],
  );
  const local = source.kind !== 'server';
  const localCheck = useCountCheck(state, local ? prefs.countCheck : 'off', record, random, local && prefs.testMode);
  const { answerCountCheck } = table;
  const sendCheck = useCallback(
    async (id: string, answer: number, trueCount?: number) => {
      const next = await answerCountCheck(id, answer, trueCount);
      // A right answer may pay a reward with the answer (docs/rewards.md).
      if (next) onBalance?.(next.state.balance);
    },
    [answerCountCheck, onBalance],
  );
  const serverCheck = useServerCountCheck(training, sendCheck);
  const roundKey = state === null ? null : `${state.deck?.commitment ?? ''}:${state.roundStartPosition}`;
  const check = useVerdictOfItsRound(source.kind === 'server' ? serverCheck : localCheck, roundKey);
  return { prefs, setPrefs, check };
}

/**
 * A count check's verdict is news about the round it was answered after: it shows until the next
 * round is dealt, not across later rounds and shoes (issue 39: the last verdict stayed on top).
 */
function useVerdictOfItsRound(check: CountCheckState, roundKey: string | null): CountCheckState {
  const [shown, setShown] = useState<{ id: string; round: string | null } | null>(null);
  const verdict: CountVerdict | null = check.lastAnswer;
  // Follows the verdict while rendering, so it is tied to the round the table shows with it.
  if ((verdict?.id ?? null) !== (shown?.id ?? null)) setShown(verdict === null ? null : { id: verdict.id, round: roundKey });
  const current = verdict !== null && shown !== null && shown.id === verdict.id && shown.round === roundKey;
  return current ? check : { ...check, lastAnswer: null };
}
