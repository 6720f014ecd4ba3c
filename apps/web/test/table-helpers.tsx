import { render } from '@testing-library/react';
import { stackedShoe } from '@card-counter/engine';
import { LocalPlayRecord } from '@/shared/record/play-record.ts';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { TableScreen } from '@/features/game/components/table-screen.tsx';

/**
 * The table on a local source whose shoe starts with `top` (one spot: player, dealer up,
 * player, dealer hole, then the draws in order). The rest of the shoe follows in card order.
 */
export function renderTable(top: string[], options: { random?: () => number } = {}) {
  const source = new LocalTableSource({ storageKey: 'test:table', initialBalance: 10_000, shoe: stackedShoe(6, top) });
  const record = new LocalPlayRecord('test:record');
  const balances: number[] = [];
  render(<TableScreen source={source} record={record} shoeHistoryKey="test:seen" onBalance={(b) => balances.push(b)} random={options.random ?? (() => 1)} />);
  return { source, record, balances };
}
