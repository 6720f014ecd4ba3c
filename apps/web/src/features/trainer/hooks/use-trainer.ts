import { useEffect, useMemo } from 'react';
import type { TableSettings } from '@/shared/table-settings/table-settings.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { drillAnswerStoreFor, type DrillAnswerStore } from '../api/answer-store.ts';

export interface DrillPlayer {
  owner: string;
  isGuest: boolean;
  store: DrillAnswerStore;
  player: { userId: string; isGuest: boolean } | null;
}

export interface Trainer extends DrillPlayer {
  settings: TableSettings;
}

/** The player and their answer store (one per player). */
export function useDrillPlayer(): DrillPlayer {
  const user = useUserState();
  const owner = user?.userId ?? 'anonymous';
  const isGuest = user?.isGuest ?? true;
  const signedIn = user !== null && !user.isGuest;
  const store = useMemo(() => drillAnswerStoreFor(owner, signedIn), [owner, signedIn]);
  useEffect(() => {
    // A guest who signed up in this browser keeps their drill answers.
    void store.adoptGuestAnswers().catch(() => undefined);
    return () => void store.flush();
  }, [store]);
  const player = useMemo(() => (user === null ? null : { userId: user.userId, isGuest: user.isGuest }), [user]);
  return { owner, isGuest, store, player };
}

/** The player, their answer store and their table's rules and count (`settings`, from shared/table-settings). */
export function useTrainer(settings: TableSettings): Trainer {
  return { ...useDrillPlayer(), settings };
}
