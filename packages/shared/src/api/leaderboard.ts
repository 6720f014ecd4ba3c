/**
 * The leaderboards: `GET /api/leaderboard` (credits), `GET /api/leaderboard/skill` (the coach's
 * verdicts from the player's record) and the live stream `GET /api/leaderboard/stream`.
 *
 * Ranks start at 1 and ties share a rank (competition ranking: 1, 2, 2, 4): a player's rank is
 * 1 + the number of visible players strictly ahead. Within a tie rows are listed in one fixed
 * order (by user id), so pages never shuffle between reads.
 * Only what a public board needs leaves the server: no e-mail, no username.
 */
import { z } from '../zod.ts';
import { LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_PAGE_SIZE } from '../constants.ts';
import { isoDate } from './iso-date.ts';

/** Deepest page a query may ask for: far past any real board, small enough to stay an integer offset. */
export const LEADERBOARD_PAGE_MAX = 1_000_000;
/** Players shown above and below the signed-in player in `nearbyEntries`. */
export const LEADERBOARD_NEARBY = 3;
/** The skill board: the last N decisions at the table count... */
export const SKILL_WINDOW_DECISIONS = 200;
/** ...and a player qualifies with at least this many of them. */
export const SKILL_MIN_DECISIONS = 50;

/** `?page=&pageSize=`: pages of 50 by default, at most the default limit (100) per page. */
export const LeaderboardQuerySchema = z.strictObject({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LEADERBOARD_PAGE_MAX)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LEADERBOARD_LIMIT_DEFAULT)),
    LEADERBOARD_PAGE_SIZE,
  ),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/**
 * A keyset cursor on the credits board: `<balance>:<userId>` of a row (the last row of the page
 * before for `after`, the first row of the page after for `before`). A page read from a cursor
 * costs the same anywhere on the board, even deep inside a tie of 100,000 players, where a page
 * number alone must count its way into the tie (ADR 0018).
 */
const cursor = z.pipe(
  z.string().check(z.regex(/^\d{1,10}:.{1,200}$/, 'a cursor is <balance>:<userId>')),
  z.transform((s) => {
    const at = s.indexOf(':');
    return { balance: Number(s.slice(0, at)), userId: s.slice(at + 1) };
  }),
);
export type LeaderboardCursor = { balance: number; userId: string };

/** The cursor of a board row, as `after` / `before` take it. */
export function leaderboardCursor(row: { balance: number; userId: string }): string {
  return `${row.balance}:${row.userId}`;
}

/**
 * `GET /api/leaderboard?page=&pageSize=[&after=|&before=]`: without a cursor, page N of the board;
 * with `after`, the pageSize rows right after that row (next page), with `before`, the pageSize
 * rows right before it (previous page). `page` is then the caller's label for the page, echoed.
 */
export const BalanceBoardQuerySchema = z
  .extend(LeaderboardQuerySchema, {
    after: z.optional(cursor),
    before: z.optional(cursor),
  })
  .check(
    z.refine((q) => q.after === undefined || q.before === undefined, {
      message: 'give after or before, not both',
      path: ['before'],
    }),
  );
export type BalanceBoardQuery = z.infer<typeof BalanceBoardQuerySchema>;

const rank = z.int().check(z.positive());

/** One row of the credits board (the spec's leaderboard entry, as read). */
export const LeaderboardEntrySchema = z.strictObject({
  userId: z.string(),
  /** Text, never markup: the web app renders it as a text node. */
  displayName: z.string(),
  balance: z.int().check(z.nonnegative()),
  rank,
  lastUpdated: isoDate,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

function pageOf<T extends z.ZodMiniType>(entry: T) {
  return z.strictObject({
    entries: z.array(entry),
    /** Players on this board (visible ones; on the skill board, those who qualify). */
    totalPlayers: z.int().check(z.nonnegative()),
    /** The caller's rank; null while hidden, not yet on the board or not qualified. */
    userRank: z.nullable(rank),
    /** The caller's own row with up to LEADERBOARD_NEARBY players above and below, in board order. */
    nearbyEntries: z.array(entry),
    page: z.int().check(z.positive()),
    pageSize: z.int().check(z.positive()),
  });
}

export const LeaderboardPageSchema = pageOf(LeaderboardEntrySchema);
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;

/** `event: leaderboard` on the stream: the top LEADERBOARD_LIMIT_DEFAULT rows, after every change. */
export const LeaderboardEventSchema = z.strictObject({
  entries: z.array(LeaderboardEntrySchema).check(z.maxLength(LEADERBOARD_LIMIT_DEFAULT)),
  totalPlayers: z.int().check(z.nonnegative()),
});
export type LeaderboardEvent = z.infer<typeof LeaderboardEventSchema>;

/**
 * One row of the skill board: over the player's last SKILL_WINDOW_DECISIONS decisions,
 * edge given away = sum of the coach's EV cost / sum of the stakes (lower is better; ranked
 * first), then accuracy = correct decisions / decisions.
 */
export const SkillEntrySchema = z.strictObject({
  userId: z.string(),
  displayName: z.string(),
  rank,
  /** 0..1 */
  accuracy: z.number().check(z.gte(0), z.lte(1)),
  /** Fraction of the amount staked (0.004 = 0.4%). */
  edgeGivenAway: z.number().check(z.gte(0)),
  decisions: z.int().check(z.positive()),
  /**
   * Share of the player's last SKILL_WINDOW_DECISIONS graded bets within half a unit of their
   * own ramp (decision record 0030); null before the first. Shown, not ranked: the ramp is the
   * player's choice, and a flat ramp is matched by any flat bet.
   */
  betAccuracy: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  bets: z.int().check(z.nonnegative()),
  lastUpdated: isoDate,
});
export type SkillEntry = z.infer<typeof SkillEntrySchema>;

export const SkillPageSchema = pageOf(SkillEntrySchema);
export type SkillPage = z.infer<typeof SkillPageSchema>;
