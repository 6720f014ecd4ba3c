/**
 * `GET /api/me/history?by=session|shoe&offset=&limit=`: the player's sessions or shoes, newest
 * first, each with its report from the server-graded record (issue 26): plays, insurance, bets
 * and count checks graded and right, and the exact-EV credits given away. A session is play
 * with no pause over SESSION_GAP_ms between two graded entries; a shoe is the shoe's
 * commitment (ADR 0004). Each span names the mistakes-list filter that lists its mistakes.
 */
import { z } from '../zod.ts';
import { GradedTallySchema } from './lifetime.ts';

/** A pause this long between two graded entries starts a new session. */
export const SESSION_GAP_ms = 30 * 60_000;
export const PLAY_HISTORY_PAGE_DEFAULT = 10;
export const PLAY_HISTORY_PAGE_MAX = 50;

const count = z.int().check(z.nonnegative());

export const PlayHistoryBySchema = z.enum(['session', 'shoe']);
export type PlayHistoryBy = z.infer<typeof PlayHistoryBySchema>;

export const PlayHistoryQuerySchema = z.strictObject({
  by: z._default(PlayHistoryBySchema, 'session'),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(5000)), 0),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(PLAY_HISTORY_PAGE_MAX)),
    PLAY_HISTORY_PAGE_DEFAULT,
  ),
});
export type PlayHistoryQuery = z.infer<typeof PlayHistoryQuerySchema>;

export const PlaySpanSchema = z.strictObject({
  /** The shoe's commitment (by shoe); by session, null. */
  shoe: z.nullable(z.string()),
  /** The span's first and last graded entry. */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** Shoes played in the span (1 for a shoe). */
  shoes: count,
  plays: GradedTallySchema,
  insurance: GradedTallySchema,
  bets: GradedTallySchema,
  countChecks: GradedTallySchema,
  /** The exact-EV costs of the span's wrong plays and insurance answers, in credits. */
  givenAway_credits: z.number().check(z.gte(0)),
});
export type PlaySpan = z.infer<typeof PlaySpanSchema>;

export const PlayHistorySchema = z.strictObject({
  by: PlayHistoryBySchema,
  spans: z.array(PlaySpanSchema).check(z.maxLength(PLAY_HISTORY_PAGE_MAX)),
  /** Spans over every page. */
  total: count,
});
export type PlayHistory = z.infer<typeof PlayHistorySchema>;
