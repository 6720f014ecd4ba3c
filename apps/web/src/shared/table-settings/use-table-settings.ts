import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useUserState } from '../session/use-user-state.ts';
import { playsAtServerTable, readLocalTableSettings, serverTableSettingsQuery, type TableSettings } from './table-settings.ts';

export type TableSettingsState =
  | { status: 'ready'; owner: string; settings: TableSettings }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void };

/** The player's table settings: their server table's when signed in, the local table's otherwise. */
export function useTableSettings(): TableSettingsState {
  const user = useUserState();
  const owner = user?.userId ?? 'anonymous';
  const server = playsAtServerTable(user);
  const query = useQuery({ ...serverTableSettingsQuery(owner), enabled: server });
  // Read when the screen opens and per player (the table's settings panel is on the other mode).
  const local = useMemo(() => (server ? null : readLocalTableSettings(owner)), [server, owner]);
  if (local !== null) return { status: 'ready', owner, settings: local };
  if (query.data !== undefined) return { status: 'ready', owner, settings: query.data };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}
