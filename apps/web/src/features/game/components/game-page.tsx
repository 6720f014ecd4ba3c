import { useCallback, useState } from 'react';
import { GUEST_CREDITS } from '@card-counter/shared/constants';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useUserState } from '../../../shared/session/use-user-state.ts';
import { LocalDecisionRecord } from '../api/decision-record.ts';
import { LocalTableSource } from '../api/local-table-source.ts';
import { TableScreen } from './table-screen.tsx';

// `/`: the table. Every player plays the browser's engine for now (a guest's table never
// touches the server); the server-dealt table for signed-in players plugs in as another
// TableSource without the screen changing.
export function GamePage() {
  const user = useUserState();
  const owner = user?.userId ?? 'anonymous';
  const isGuest = user?.isGuest ?? false;
  return <LocalTable key={owner} owner={owner} isGuest={isGuest} startingBalance={isGuest ? (user?.credits ?? GUEST_CREDITS) : GUEST_CREDITS} />;
}

function LocalTable({ owner, isGuest, startingBalance }: { owner: string; isGuest: boolean; startingBalance: number }) {
  const setCredits = useSessionStore((s) => s.setGuestCredits);
  // One table and one record per player, made once: the balance flows out of the table, never back in.
  const [source] = useState(() => new LocalTableSource({ storageKey: `card-counter:table:${owner}`, initialBalance: startingBalance }));
  const [record] = useState(() => new LocalDecisionRecord(`card-counter:record:${owner}`));
  // A guest's credits are the local table's balance, so the navigation bar follows the table.
  const onBalance = useCallback(
    (balance: number) => {
      if (isGuest) setCredits(balance);
    },
    [isGuest, setCredits],
  );
  return <TableScreen source={source} record={record} seenKey={`card-counter:seen:${owner}`} onBalance={onBalance} />;
}
