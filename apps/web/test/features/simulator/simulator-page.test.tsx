// What a player does on /simulator: sets the rounds, runs the simulation (charged once by the
// server), reads the result and finds it kept; a charge the server refuses is shown and nothing
// runs. The engine's worker pool is replaced by the same engine on the main thread (jsdom has no
// Web Workers): the numbers are the engine's for the settings and seed the screen sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPlan, type SimPlan } from '@card-counter/engine';
import type { SimResultJson } from '@card-counter/shared';
import { SimulatorPage } from '@/features/simulator/components/simulator-page.tsx';
import { fmtInt, fmtUnits } from '@/features/simulator/model/format-sim.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderScreen } from '../../support/render.tsx';

vi.mock('@card-counter/engine/sim/web', () => ({
  webSimPool: (threads: number) => ({
    threads,
    run: (plan: SimPlan, o: { seed: number; rounds: number }, control: Parameters<typeof runPlan>[2]) => runPlan(plan, o, control),
    close: () => Promise.resolve(),
  }),
}));

// uPlot draws on a canvas, which jsdom does not have: the charts stand in as their labelled images.
vi.mock('@/shared/ui/uplot-chart.tsx', () => ({
  UplotChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const ROUNDS = 10_000;

function renderSimulator() {
  useSessionStore.setState({ status: 'signed-in', guest: null });
  renderScreen(<SimulatorPage />, '/simulator');
}

/** The server's simulator: charges a run once per id, keeps what is saved. */
function serveSimulator(charge: (runId: string) => Response) {
  const charged: string[] = [];
  const saved = new Map<string, { result: SimResultJson }>();
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me') return json(PROFILE);
    if (url.pathname === '/api/me/record') return json({ entries: [] });
    if (url.pathname === '/api/simulator/runs' && method === 'GET') return json({ runs: [] });
    if (url.pathname === '/api/simulator/runs' && method === 'POST') {
      const { runId } = JSON.parse(String(init?.body)) as { runId: string };
      charged.push(runId);
      return charge(runId);
    }
    const put = /^\/api\/simulator\/runs\/([^/]+)\/result$/.exec(url.pathname);
    if (put?.[1] && method === 'PUT') {
      saved.set(put[1], JSON.parse(String(init?.body)) as { result: SimResultJson });
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { charged, saved };
}

async function runWithRounds(rounds: number) {
  const field = await screen.findByLabelText('Rounds');
  fireEvent.change(field, { target: { value: String(rounds) } });
  fireEvent.click(screen.getByRole('button', { name: /Run simulation/ }));
}

describe('the simulator screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('runs the rounds asked, charged once, and shows the result the run kept', async () => {
    const server = serveSimulator((runId) => json({ runId, balance: PROFILE.credits - 100 }));
    renderSimulator();
    await runWithRounds(ROUNDS);
    const ev = await screen.findByTestId('sim-ev', {}, { timeout: 60_000 });
    await waitFor(() => expect(server.saved.size).toBe(1));
    expect(server.charged).toHaveLength(1);
    const kept = server.saved.get(server.charged[0] as string)?.result;
    expect(kept?.rounds).toBeGreaterThanOrEqual(ROUNDS);
    expect(ev.textContent).toContain(`${fmtUnits(kept?.ev ?? Number.NaN, 4)} u`);
    expect(screen.getByTestId('sim-rounds').textContent).toContain(fmtInt(kept?.rounds ?? 0));
    expect(screen.getByRole('img', { name: /Advantage per unit bet and share of rounds at each true count/ })).toBeTruthy();
  });

  it("shows the server's refusal of the charge, and nothing runs or is kept", async () => {
    const server = serveSimulator(() => json({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.' } }, 409));
    renderSimulator();
    await runWithRounds(ROUNDS);
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits.');
    expect(server.charged).toHaveLength(1);
    expect(server.saved.size).toBe(0);
    expect(screen.queryByTestId('sim-ev')).toBeNull();
  });
});
