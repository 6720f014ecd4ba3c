import { useCallback, useState } from 'react';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { useQueryClient } from '@tanstack/react-query';
import { GUEST_CREDITS, type MeResponse } from '@card-counter/shared';
import { ME_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { playRecordFor } from '@/shared/record/play-record.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { playsAtServerTable, tableStorageKey } from '@/shared/table-settings/table-settings.ts';
import type { UserState } from '@/shared/session/user-state.ts';
import { ServerTableSource } from '../api/server-table-source.ts';
import type { TableSource } from '../api/table-source.ts';
import { preloadCoachEngine } from '../hooks/use-coach.ts';
import { TableScreen } from './table-screen.tsx';

// `/`: the table. A signed-in player plays the server's table (its balance is the credit
// balance); a guest, or a signed-in player in offline mode, plays the browser's engine. The
// screen below sees only the TableSource.
export function GamePage() {
  const user = useUserState();
  const server = playsAtServerTable(user);
  const owner = user?.userId ?? 'anonymous';
  const key = `${server ? 'server' : 'local'}:${owner}`;
  return server ? <Table key={key} user={user} server createSource={() => new ServerTableSource()} /> : <LocalTable key={key} user={user} />;
}

// The browser's engine (the game reducer, dealing, settling) is a chunk of its own, fetched only
// when a table plays locally: a signed-in player at the server's table never downloads it
// (docs/decisions/0036-first-load-cuts.md).
const LocalTable = lazyChunk(() =>
  import('../api/local-table-source.ts').then(({ LocalTableSource }) => ({
    default: function LocalTable({ user }: { user: UserState | null }) {
      const owner = user?.userId ?? 'anonymous';
      const initialBalance = user?.isGuest ? (user.credits ?? GUEST_CREDITS) : GUEST_CREDITS;
      return <Table user={user} server={false} createSource={() => new LocalTableSource({ storageKey: tableStorageKey(owner), initialBalance })} />;
    },
  })),
);

/**
 * What the table asks for as it mounts, started while the startup screen shows
 * (app/game-modes.tsx): the coach's chunk and, at a table the browser plays, the browser's
 * engine and the chart of `owner`'s stored table (null: a player not known yet).
 */
export function preloadTable({ local, owner }: { local: boolean; owner: string | null }): void {
  preloadCoachEngine();
  if (!local) return;
  LocalTable.preload();
  if (owner !== null) void import('../api/local-table-source.ts').then((m) => m.preloadLocalChart(tableStorageKey(owner))).catch(() => undefined);
}

function Table({ user, server, createSource }: { user: UserState | null; server: boolean; createSource: () => TableSource }) {
  const owner = user?.userId ?? 'anonymous';
  const isGuest = user?.isGuest ?? false;
  const setGuestCredits = useSessionStore((s) => s.setGuestCredits);
  const queryClient = useQueryClient();
  // One table and one record per player, made once: the balance flows out of the table, never back in.
  const [source] = useState<TableSource>(createSource);
  const record = playRecordFor(user === null ? null : { userId: owner, isGuest: isGuest || !server });
  // The navigation bar follows the table: a guest's credits are the local balance; a signed-in
  // player's are the server's credit balance, which every answer of the server table carries
  // (the live profile stream brings the same figure a moment later).
  const onBalance = useCallback(
    (balance: number) => {
      if (server) {
        queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me === undefined ? me : { ...me, credits: balance, balance }));
      } else if (isGuest) setGuestCredits(balance);
    },
    [server, isGuest, queryClient, setGuestCredits],
  );
  // One balance on screen: the server table adopts the profile's credits when they move outside it.
  return <TableScreen source={source} record={record} shoeHistoryKey={`card-counter:seen:${owner}`} onBalance={onBalance} credits={server ? user?.credits : undefined} />;
}
