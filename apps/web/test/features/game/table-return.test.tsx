import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, stackedShoe } from '@card-counter/engine';
import type { TableReport } from '@card-counter/shared';
import { LocalPlayRecord } from '@/shared/record/play-record.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { TableScreen } from '@/features/game/components/table-screen.tsx';
import { QueryWrapper } from '../../support/render-table.tsx';

// Coming back to the Table tab (the table screen mounted again on the same table).

const TWELVE_V_SIX = ['10h', '6s', '2c', '9d', '10s'];

function mount(source: LocalTableSource) {
  return render(<TableScreen source={source} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" random={() => 1} />, { wrapper: QueryWrapper });
}

const cards = () => screen.getAllByRole('img').filter((c) => c.classList.contains('cc-deal'));

describe('back on the Table tab', { timeout: 30_000 }, () => {
  // The chart builds in a worker: slow on a loaded machine.
  beforeAll(async () => {
    await loadBasicStrategy({ ...DEFAULT_RULES });
  }, 60_000);

  it("bug 39.5: the last finished round is shown as it lies, not dealt again; the coach's box keeps the session from the record", async () => {
    const user = userEvent.setup();
    const source = new LocalTableSource({ storageKey: 'test:return', initialBalance: 10_000, shoe: stackedShoe(6, TWELVE_V_SIX) });
    const first = mount(source);
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    // Dealt now: the cards fly in at the table's pace.
    expect(cards().some((c) => c.style.animationDuration !== '0ms')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    await waitFor(() => expect(screen.getByTestId('game-status').textContent).toMatch(/win|lose|push|bust/i));
    first.unmount();

    // The record holds the session (a server table's report); here the source answers it.
    const session = { decisions: { graded: 7, errors: 2, pending: 0 }, edgeGiven: { credits: 3.7, percentOfBet: 0.5 } } as unknown as TableReport;
    (source as unknown as { report: () => Promise<TableReport> }).report = () => Promise.resolve(session);
    mount(source);
    await screen.findByRole('button', { name: 'Deal' });
    expect(cards().length).toBeGreaterThanOrEqual(4);
    for (const c of cards()) expect([c.style.animationDuration, c.style.animationDelay]).toEqual(['0ms', '0ms']);
    await waitFor(() => expect(screen.getByTestId('coach-accuracy').textContent).toContain('(5 of 7)'));
    expect(screen.getByTestId('coach-edge').textContent).toBe('3.70');
  });
});
