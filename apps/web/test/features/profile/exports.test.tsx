// The profile's exports: the lifetime record as JSON and CSV, and the mistakes list as CSV over
// every page of the filter (the server pages at 100), the shoe's filter included.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lifetime, Mistake } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { LifetimeSection } from '@/features/profile/components/lifetime-section.tsx';
import { MistakesPage } from '@/features/profile/components/mistakes-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const tally = (graded: number, correct: number) => ({ graded, correct });
const LIFETIME: Lifetime = {
  hands: { played: 12, won: 5, lost: 6, pushed: 1 },
  winRate: 5 / 12,
  netCredits: -150,
  biggestWin_credits: 300,
  biggestLoss_credits: 200,
  bestStreak: 3,
  worstStreak: 2,
  accuracy: { plays: tally(20, 18), insurance: tally(1, 1), bets: tally(0, 0), countChecks: tally(2, 1) },
  givenAway_credits: 42.5,
  cards_credits: -107.5,
  byDay: [{ day: '2027-01-14', plays: tally(20, 18), bets: tally(0, 0), countChecks: tally(2, 1) }],
};

const SHOE = 'cd'.repeat(32);
const check = (i: number): Mistake => ({ id: String(1000 - i), at: '2027-01-14T10:00:00.000Z', kind: 'countCheck', expected: 3, answered: i });

/** What the app handed the browser to save: file name and text. */
const saved: { name: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved.length = 0;
  let blob: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:test'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) saved.push({ name: this.download, text: blob.text() });
  });
});

describe('the profile exports', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('the lifetime record as JSON (the server answer itself) and as CSV (the figures, then one row a day)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/me/lifetime') return json(LIFETIME);
      if (url.pathname === '/api/me/history') return json({ by: 'session', spans: [], total: 0 });
      return undefined;
    });
    renderScreen(<LifetimeSection />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Export JSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved.map((s) => s.name)).toEqual(['lifetime.json', 'lifetime.csv']);
    expect(JSON.parse(await saved[0]!.text)).toEqual(LIFETIME);
    const csv = (await saved[1]!.text).split(/\r?\n/).filter((r) => r !== '');
    expect(csv[0]).toBe('figure,value');
    expect(csv).toContain('net_credits,-150');
    expect(csv).toContain('given_away_credits,42.50');
    expect(csv).toContain('plays_correct,18');
    expect(csv.at(-1)).toBe('2027-01-14,20,18,0,0,2,1');
  });

  it("the mistakes list as CSV over every page of one shoe's mistakes", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const all = Array.from({ length: 130 }, (_, i) => check(i));
    const asked: string[] = [];
    stubFetch((url) => {
      if (url.pathname !== '/api/me/mistakes') return undefined;
      expect(url.searchParams.get('shoe')).toBe(SHOE);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      asked.push(`${offset}+${limit}`);
      return json({ mistakes: all.slice(offset, offset + limit), total: all.length });
    });
    renderScreen(<MistakesPage />, `/profile/mistakes?shoe=${SHOE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const rows = (await saved[0]!.text).split(/\r?\n/).filter((r) => r !== '');
    expect(rows[0]).toBe('at,kind,situation,done,right,cost_credits,cost_percent');
    expect(rows).toHaveLength(1 + 130);
    expect(rows[130]).toBe('2027-01-14T10:00:00.000Z,countCheck,running count,129,3,,');
    // The page's own read (20), then the export's two pages of 100.
    expect(asked).toEqual(['0+20', '0+100', '100+100']);
  });
});
