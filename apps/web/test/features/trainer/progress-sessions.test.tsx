// The Progress page's speed drills chart (ADR 0062): the server's sessions of the drill picked,
// charted as time per card and error rate, with the last session in words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrillId, DrillSessionStat, DrillSummary } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { ProgressPage } from '@/features/trainer/components/progress-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderScreen } from '../../support/render.tsx';

// uPlot draws on a canvas, which jsdom does not have: the charts stand in as their labelled
// images, and keep what they were given to draw.
const drawn = vi.hoisted(() => new Map<string, { options: unknown; data: unknown }>());
vi.mock('@/shared/ui/uplot-chart.tsx', () => ({
  UplotChart: ({ label, options, data }: { label: string; options: unknown; data: unknown }) => {
    drawn.set(label, { options, data });
    return <div role="img" aria-label={label} />;
  },
}));

const summary = (drill: DrillId, sessions: DrillSessionStat[]): DrillSummary => ({ drill, answers: 0, correct: 0, accuracy: null, medianTime_ms: null, streak: 0, bestStreak: 0, days: [], items: [], dueNext: [], sessions });

const FLASH = [
  { startedAt: '2027-01-10T09:00:00.000Z', answers: 20, correct: 15, cards: 80, time_ms: 48_000 },
  { startedAt: '2027-01-11T09:00:00.000Z', answers: 10, correct: 9, cards: 60, time_ms: 24_600 },
];

describe('the Progress page: speed drills by session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it("charts the picked speed drill's sessions and says the last one; a drill without sessions says so", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    stubFetch((url) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/me/drills') return json({ drills: [summary('flash', FLASH), summary('pairs', [])] });
      return undefined;
    });
    renderScreen(<ProgressPage />, '/?mode=progress');
    const section = await screen.findByRole('region', { name: 'Speed by session' });
    expect(section.querySelector('h2')?.textContent).toBe('Speed drills: time per card and error rate by session');
    expect(within(section).getByRole('img', { name: 'Time per card and error rate, 2 sessions' })).toBeTruthy();
    const chart = drawn.get('Time per card and error rate, 2 sessions') as { options: { series: { label: string }[] }; data: unknown };
    expect(chart.data).toEqual([[1, 2], [600, 410], [25, 10]]);
    expect(chart.options.series.map((s) => s.label)).toEqual(['Session', 'Time per card', 'Error rate']);
    expect(screen.getByTestId('last-session').textContent).toBe('Last session (Jan 11): 410 ms a card, 10% wrong. A session ends after 30 minutes without an answer.');


    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Drill' }), 'pairs');
    expect(within(section).queryByRole('img')).toBeNull();
    expect(section.textContent).toContain('No sessions of this drill yet');
    expect(screen.queryByTestId('last-session')).toBeNull();
  });
});
