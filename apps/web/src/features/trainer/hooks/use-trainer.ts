import { useEffect, useMemo } from 'react';
import { readTableSettings, type TableSettings } from '@/shared/table-settings/table-settings.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { drillAnswerStoreFor, type DrillAnswerStore } from '../api/answer-store.ts';

export interface Trainer {
  owner: string;
  isGuest: boolean;
  settings: TableSettings;
  store: DrillAnswerStore;
  player: { userId: string; isGuest: boolean } | null;
}

/** The player, their table's rules and count, and their answer store (one per player). */
export function useTrainer(): Trainer {
  const user = useUserState();
  const owner = user?.userId ?? 'anonymous';
  const isGuest = user?.isGuest ?? true;
  const signedIn = user !== null && !user.isGuest;
  const store = useMemo(() => drillAnswerStoreFor(owner, signedIn), [owner, signedIn]);
  // Read when the trainer opens (the table's settings panel is on the other mode) and per player.
  const settings = useMemo(() => readTableSettings(owner), [owner]);
  useEffect(() => {
    // A guest who signed up in this browser keeps their drill answers.
    void store.adoptGuestAnswers().catch(() => undefined);
    return () => void store.flush();
  }, [store]);
  const player = useMemo(() => (user === null ? null : { userId: user.userId, isGuest: user.isGuest }), [user]);
  return { owner, isGuest, settings, store, player };
}
