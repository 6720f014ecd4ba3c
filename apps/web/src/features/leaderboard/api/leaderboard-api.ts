import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_PAGE_SIZE, leaderboardCursor, type LeaderboardEvent, LeaderboardEventSchema, type LeaderboardPage, LeaderboardPageSchema, SkillPageSchema } from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';

// Server state of the leaderboard screen: a page of the credits board or the skill board,
// each with the player's own rank and neighbours.

export type BoardKind = 'balance' | 'skill';

/**
 * How a credits page is reached: by its number, or from a row of the page shown before it (a
 * keyset cursor: `after` its last row for Next, `before` its first row for Previous). A cursor
 * costs the server the same at any depth; a page number deep inside a big tie costs a count.
 */
export type PageCursor = { after: string } | { before: string } | undefined;

export const leaderboardKey = (board: BoardKind, page: number, cursor?: PageCursor) =>
  cursor === undefined ? (['leaderboard', board, page] as const) : (['leaderboard', board, page, cursor] as const);

/**
 * The cursor that reaches page `next` from the rows of page `page` on screen: after the last row
 * for the page after, before the first row for the page before; none for a jump (First, Last)
 * or when nothing is on screen.
 */
export function cursorToward(page: number, next: number, rows: readonly { balance: number; userId: string }[]): PageCursor {
  if (next <= 1) return undefined;
  const last = rows.at(-1);
  const first = rows[0];
  if (next === page + 1 && last !== undefined) return { after: leaderboardCursor(last) };
  if (next === page - 1 && first !== undefined) return { before: leaderboardCursor(first) };
  return undefined;
}

function cursorQuery(cursor: PageCursor): string {
  if (cursor === undefined) return '';
  return 'after' in cursor ? `&after=${encodeURIComponent(cursor.after)}` : `&before=${encodeURIComponent(cursor.before)}`;
}

export function useBalanceBoard(page: number, cursor?: PageCursor) {
  return useQuery({
    queryKey: leaderboardKey('balance', page, cursor),
    queryFn: async ({ signal }) =>
      LeaderboardPageSchema.parse(
        await api.get<unknown>(`/api/leaderboard?page=${page}&pageSize=${LEADERBOARD_PAGE_SIZE}${cursorQuery(cursor)}`, signal),
      ),
    // The previous page stays on screen while the next one loads (no flash of the loading state).
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` asks nothing (a guest, whom the server would refuse with a 401). */
export function useSkillBoard(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: leaderboardKey('skill', page),
    queryFn: async ({ signal }) =>
      SkillPageSchema.parse(await api.get<unknown>(`/api/leaderboard/skill?page=${page}&pageSize=${LEADERBOARD_PAGE_SIZE}`, signal)),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Reads the data of an `event: leaderboard`; null when it is not one. */
export function parseLeaderboardEvent(data: string): LeaderboardEvent | null {
  try {
    const parsed = LeaderboardEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A cached page updated from the live top of the board, when the top covers it: the page's
 * rows, the total, and the player's rank and neighbours if they sit inside the top with all
 * their neighbours. `complete` is false when something must still come from the server.
 */
export function applyTop(
  page: LeaderboardPage,
  top: LeaderboardEvent,
  userId: string | undefined,
  nearby: number,
): { page: LeaderboardPage; complete: boolean } {
  const start = (page.page - 1) * page.pageSize;
  const pageCovered = start + page.pageSize <= top.entries.length || top.entries.length === top.totalPlayers;
  const next: LeaderboardPage = { ...page, totalPlayers: top.totalPlayers };
  if (pageCovered) next.entries = top.entries.slice(start, start + page.pageSize);
  const mine = userId === undefined ? -1 : top.entries.findIndex((e) => e.userId === userId);
  const wholeBoard = top.entries.length === top.totalPlayers;
  const neighboursCovered = mine >= 0 && (mine + nearby < top.entries.length || wholeBoard);
  if (neighboursCovered) {
    next.userRank = top.entries[mine]!.rank;
    next.nearbyEntries = top.entries.slice(Math.max(0, mine - nearby), mine + nearby + 1);
  } else if (mine < 0 && wholeBoard) {
    // The whole board is in the top and the player is not: hidden (or not on it yet).
    next.userRank = null;
    next.nearbyEntries = [];
  }
  return { page: next, complete: pageCovered && (neighboursCovered || (mine < 0 && wholeBoard)) };
}
