import { useState } from 'react';
import { playRecordFor } from '@/shared/record/play-record.ts';
import { ServerTableSource, type ServerTablePaths } from '../api/server-table-source.ts';
import type { TableSource } from '../api/table-source.ts';
import { HouseContext, type TableHouse } from '../model/house.ts';
import { TableScreen } from './table-screen.tsx';

/**
 * The source of a tournament's table: the server's, on the tournament's routes, without what
 * that table does not keep: no other tab's stream to follow, no shoe report, no replaced shoe
 * before the end (the shoes are every entrant's and are revealed with the results).
 */
function tournamentTablePaths(tournamentId: string): ServerTablePaths {
  const base = `/api/tournaments/${encodeURIComponent(tournamentId)}/table`;
  return { table: base, actions: `${base}/actions`, shoes: null, report: null };
}

function tournamentSource(tournamentId: string): TableSource {
  const server = new ServerTableSource({ paths: tournamentTablePaths(tournamentId) });
  return {
    kind: 'server',
    load: () => server.load(),
    act: (action) => server.act(action),
    setCounting: (options) => server.setCounting(options),
    lastShoe: () => Promise.resolve(null),
    setTraining: (settings) => server.setTraining(settings),
    answerCountCheck: (id, answer, trueCount) => server.answerCountCheck(id, answer, trueCount),
  };
}

/**
 * A tournament's table (decision record 0056): the same screen as the player's own table, on the
 * tournament's routes, in its chips and within its limits. Chips are never credits: nothing here
 * moves the navigation bar's balance.
 */
export function TournamentTable({ tournamentId, userId, house }: { tournamentId: string; userId: string; house: TableHouse }) {
  const [source] = useState<TableSource>(() => tournamentSource(tournamentId));
  const record = playRecordFor({ userId, isGuest: false });
  return (
    <HouseContext.Provider value={house}>
      <TableScreen source={source} record={record} shoeHistoryKey={`card-counter:seen:tournament:${tournamentId}:${userId}`} />
    </HouseContext.Provider>
  );
}
