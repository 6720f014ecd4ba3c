import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createGame, parseRules, type Rules } from '@card-counter/engine';
import { preloadLocalChart } from '@/features/game/api/local-table-source.ts';
import { builtStrategy, loadStrategy } from '@/shared/strategy/basic-strategy.ts';
import { useStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { tableStorageKey } from '@/shared/table-settings/table-settings.ts';

// The table's first seconds on a phone: every state that arrives after it mounts renders the
// whole table again (25-50 ms each, Lighthouse's blocking time). What the table needs first is
// started while the startup screen shows (app/game-modes.tsx), and a hook that finds it here
// already renders once.

function ChartUser({ rules, onRender }: { rules: Rules; onRender: (chart: unknown) => void }) {
  const chart = useStrategy(rules);
  onRender(chart);
  return <p>{chart === null ? 'building' : 'built'}</p>;
}

describe("the table's chart, preloaded", { timeout: 30_000 }, () => {
  it('a chart built already is read at the first render, and the hook does not render again', async () => {
    const rules = { ...parseRules({}), numDecks: 2 };
    await loadStrategy(rules);
    const seen: unknown[] = [];
    const view = render(<ChartUser rules={rules} onRender={(c) => seen.push(c)} />);
    expect(view.container.textContent).toBe('built');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
  });

  it('a chart not built yet renders null, then the chart once it arrives', async () => {
    const rules = { ...parseRules({}), numDecks: 4 };
    const seen: unknown[] = [];
    const view = render(<ChartUser rules={rules} onRender={(c) => seen.push(c)} />);
    expect(view.container.textContent).toBe('building');
    await loadStrategy(rules);
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.textContent).toBe('built');
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).not.toBeNull();
  });

  it("preloadLocalChart starts building the chart of the guest's stored table, or of a new table's rules", async () => {
    const stored = createGame({ balance: 5_000, shoe: null, rules: { numDecks: 1, dealerStandsSoft17: false } });
    window.localStorage.setItem(tableStorageKey('guest-stored'), JSON.stringify({ version: 3, state: stored }));
    expect(builtStrategy(stored.config)).toBeNull();
    preloadLocalChart(tableStorageKey('guest-stored'));
    // Nothing else asks for it: it is built because the preload started it.
    await waitFor(() => expect(builtStrategy(stored.config)).not.toBeNull(), { timeout: 20_000 });

    expect(builtStrategy(parseRules({}))).toBeNull();
    preloadLocalChart(tableStorageKey('guest-new'));
    await waitFor(() => expect(builtStrategy(parseRules({}))).not.toBeNull(), { timeout: 20_000 });
  });
});
