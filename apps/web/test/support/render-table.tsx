import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/app/providers.tsx';
import { stackedShoe } from '@card-counter/engine';
import { vi } from 'vitest';
import { LocalPlayRecord } from '@/shared/record/play-record.ts';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { ServerTableSource } from '@/features/game/api/server-table-source.ts';
import { TableScreen } from '@/features/game/components/table-screen.tsx';
import { FakeTableServer } from './fake-table-server.ts';

/** The app's query client around a screen rendered alone (the table reads the index sets through it). */
export function QueryWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The table on a local source whose shoe starts with `top` (one spot: player, dealer up,
 * player, dealer hole, then the draws in order). The rest of the shoe follows in card order.
 */
export function renderTable(top: string[], options: { random?: () => number } = {}) {
  const source = new LocalTableSource({ storageKey: 'test:table', initialBalance: 10_000, shoe: stackedShoe(6, top) });
  const record = new LocalPlayRecord('test:record');
  const balances: number[] = [];
  render(<TableScreen source={source} record={record} shoeHistoryKey="test:seen" onBalance={(b) => balances.push(b)} random={options.random ?? (() => 1)} />, { wrapper: QueryWrapper });
  return { source, record, balances };
}

/** A fake server table behind fetch (the test's afterEach unstubs it). */
export function serveFakeTable(): FakeTableServer {
  const server = new FakeTableServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

/**
 * The table on the server source (retries without waits); `random` is the browser's dice for
 * a local count check, never rolled on the server table. Answers the balances it reported.
 */
export function renderServerTable(random: () => number = () => 1): number[] {
  const balances: number[] = [];
  const source = new ServerTableSource({ sleep: () => Promise.resolve() });
  render(<TableScreen source={source} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" onBalance={(b) => balances.push(b)} random={random} />, { wrapper: QueryWrapper });
  return balances;
}
