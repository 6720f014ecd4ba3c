import { fireEvent, render, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LeaderboardEntry, LeaderboardEvent, LeaderboardPage } from '@card-counter/shared';
import { applyTop, cursorToward, leaderboardKey } from '@/features/leaderboard/api/leaderboard-api.ts';
import { BoardTable } from '@/features/leaderboard/components/board-table.tsx';
import { BoardView } from '@/features/leaderboard/components/board-view.tsx';

const at = '2026-11-23T00:00:00.000Z';
const entry = (i: number, balance: number, rank: number): LeaderboardEntry => ({
  userId: `u${i}`,
  displayName: `Player ${i}`,
  balance,
  rank,
  lastUpdated: at,
});

/** A board of `n` players with distinct balances, rank i+1. */
function top(n: number, total = n): LeaderboardEvent {
  return { entries: Array.from({ length: n }, (_, i) => entry(i, 100_000 - i, i + 1)), totalPlayers: total };
}

function page(n: number, over: Partial<LeaderboardPage> = {}): LeaderboardPage {
  return { entries: [], totalPlayers: 0, userRank: null, nearbyEntries: [], page: n, pageSize: 50, ...over };
}

describe('applyTop: the live top of the board updates a cached page in place', () => {
  it('fills page 1 and 2 and the player\'s rank and neighbours when the top covers them', () => {
    const next = applyTop(page(2, { userRank: 99 }), top(100, 5000), 'u60', 3);
    expect(next.complete).toBe(true);
    expect(next.page.entries.map((e) => e.rank)).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    expect(next.page.totalPlayers).toBe(5000);
    expect(next.page.userRank).toBe(61);
    expect(next.page.nearbyEntries.map((e) => e.userId)).toEqual(['u57', 'u58', 'u59', 'u60', 'u61', 'u62', 'u63']);
  });

  it('asks the server when the page is deeper than the top or the player sits at its edge or below it', () => {
    expect(applyTop(page(3), top(100, 5000), 'u10', 3).complete).toBe(false);
    expect(applyTop(page(1), top(100, 5000), 'u98', 3).complete).toBe(false);
    const below = applyTop(page(1, { userRank: 4000 }), top(100, 5000), 'u9999', 3);
    expect(below.complete).toBe(false);
    // What it cannot know stays as the server said.
    expect(below.page.userRank).toBe(4000);
  });

  it('a small board is whole in the top: a player missing from it is hidden', () => {
    const next = applyTop(page(1, { userRank: 2, nearbyEntries: [entry(1, 5, 2)] }), top(7), 'gone', 3);
    expect(next.complete).toBe(true);
    expect(next.page.userRank).toBeNull();
    expect(next.page.nearbyEntries).toEqual([]);
    expect(next.page.entries).toHaveLength(7);
  });
});

describe('BoardTable', () => {
  it('renders names as text, never markup, and marks the player\'s own row', () => {
    const rows = [entry(1, 500, 1), { ...entry(2, 400, 2), displayName: '<img src=x onerror=alert(1)>' }];
    const { container } = render(
      <BoardTable caption="Board" rows={rows} columns={[{ header: 'Balance', cell: (r) => r.balance }]} userId="u2" />,
    );
    expect(container.querySelector('img')).toBeNull();
    const own = screen.getByTestId('own-row');
    expect(own.getAttribute('aria-current')).toBe('true');
    expect(within(own).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(within(own).getByText('You')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

describe('cursorToward: Next and Previous continue from the rows on screen (keyset paging)', () => {
  const rows = [entry(7, 10_000, 40), entry(3, 10_000, 40), entry(1, 9_000, 42)];
  it('Next goes after the last row, Previous before the first, as <balance>:<userId>', () => {
    expect(cursorToward(5, 6, rows)).toEqual({ after: '9000:u1' });
    expect(cursorToward(5, 4, rows)).toEqual({ before: '10000:u7' });
  });
  it('First, Last, page 1 and an empty page go by page number', () => {
    expect(cursorToward(5, 1, rows)).toBeUndefined();
    expect(cursorToward(2, 1, rows)).toBeUndefined();
    expect(cursorToward(5, 90, rows)).toBeUndefined();
    expect(cursorToward(5, 6, [])).toBeUndefined();
  });
  it('a page reached by cursor is cached apart from the same page number reached by a jump', () => {
    expect(leaderboardKey('balance', 6)).not.toEqual(leaderboardKey('balance', 6, { after: '9000:u1' }));
    expect(leaderboardKey('balance', 6, { after: '9000:u1' })).not.toEqual(leaderboardKey('balance', 6, { before: '9000:u1' }));
  });
});

describe('BoardView: one board tab (both tabs use it)', () => {
  const boardPage = (entries: LeaderboardEntry[], totalPlayers: number): LeaderboardPage => ({
    entries,
    totalPlayers,
    userRank: null,
    nearbyEntries: [],
    page: 1,
    pageSize: 2,
  });
  const query = (over: Partial<UseQueryResult<LeaderboardPage>>) =>
    ({ isPending: false, isError: false, isFetching: false, isPlaceholderData: false, ...over }) as UseQueryResult<LeaderboardPage>;
  const view = (q: UseQueryResult<LeaderboardPage>, onPage = vi.fn()) => (
    <BoardView
      query={q}
      caption="Credits leaderboard, page 1"
      columns={[{ header: 'Balance', cell: (r: LeaderboardEntry) => r.balance }]}
      userId="u1"
      page={1}
      onPage={onPage}
      empty={(_, pages) => ({ title: 'Empty board', hint: `${pages} pages` })}
      side={(d) => <p>side of {d.totalPlayers}</p>}
    />
  );

  it('shows loading, then the page as a table with its pager and the side card', () => {
    const onPage = vi.fn();
    const { rerender } = render(view(query({ isPending: true })));
    expect(screen.getByRole('status', { name: 'Loading the leaderboard' })).toBeTruthy();
    rerender(view(query({ data: boardPage([entry(0, 900, 1), entry(1, 800, 2)], 5) }), onPage));
    expect(screen.getByRole('table', { name: 'Credits leaderboard, page 1' })).toBeTruthy();
    expect(screen.getByText('5 players')).toBeTruthy();
    expect(screen.getByText('side of 5')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Leaderboard pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('an empty page says so, without a pager; a failed first load offers a retry', () => {
    const refetch = vi.fn();
    const { rerender } = render(view(query({ data: boardPage([], 0) })));
    expect(screen.getByText('Empty board')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(view(query({ isError: true, error: new Error('down'), refetch })));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
