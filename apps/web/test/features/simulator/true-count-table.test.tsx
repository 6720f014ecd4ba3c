import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SimResult } from '@card-counter/engine';
import { TrueCountTable } from '@/features/simulator/components/true-count-table.tsx';
import type { RecordByTrueCount } from '@/shared/record/by-true-count.ts';

const sim = (tc: number, evPerUnitBet: number) => ({ tc, rounds: 1000, frequency: 0.1, evPerUnitBet, ev: evPerUnitBet, evStdErr: 0.001, avgBet: 1 });
const result = { perTrueCount: [sim(-1, -0.01), sim(0, -0.005), sim(2, 0.01)] } as unknown as SimResult;
const record: RecordByTrueCount = {
  count: 'hi-lo',
  rounds: 15,
  withheld: false,
  rows: [
    { trueCount: 0, rounds: 14, bet_credits: 280, net_credits: -20, resultPerUnit: -20 / 280, resultPerUnitStdErr: 0.25 },
    { trueCount: 2, rounds: 1, bet_credits: 20, net_credits: 30, resultPerUnit: 1.5, resultPerUnitStdErr: null },
  ],
};

describe("the simulator's per-true-count table", () => {
  it("shows a guest the simulator's columns only", () => {
    render(<TrueCountTable result={result} />);
    expect(screen.queryByText('Your result ± SE')).toBeNull();
    expect(screen.queryByTestId('sim-tc-record-note')).toBeNull();
  });

  it("sets the player's own result and rounds beside the advantage at each count", () => {
    render(<TrueCountTable result={result} record={record} />);
    const table = screen.getByTestId('sim-tc-table');
    expect(within(table).getByText('Your result ± SE')).toBeTruthy();
    expect(within(table).getByText('Your rounds')).toBeTruthy();
    expect(screen.getByTestId('sim-tc-yours-0').textContent).toBe('−7.1% ± 25.0%');
    expect(screen.getByTestId('sim-tc-yours-2').textContent).toBe('+150.0%');
    // A count the player has no rounds at says so rather than showing a zero result.
    expect(screen.getByTestId('sim-tc-yours--1').textContent).toBe('—');
    const row0 = screen.getByTestId('sim-tc-yours-0').closest('tr')!;
    expect(within(row0).getByText('14')).toBeTruthy();
    expect(screen.getByTestId('sim-tc-record-note').textContent).toContain('15 table rounds');
  });
});
