/**
 * The live-update topics: a change somewhere in the server becomes an event on the streams of
 * the clients that follow it, in every server process. A topic is one LISTEN/NOTIFY channel;
 * the payload is the key of what changed (a user id for `profile`). Publish inside the
 * transaction that makes the change, so the event goes out if and only if it commits.
 * A new topic (the table, the leaderboard, admin) adds one line here and serves it with
 * `LiveHub.serve` in its module.
 */
import type { Kysely } from 'kysely';
import { notifyInTransaction, type Database } from '../db/open.ts';
import type { DB } from '../db/schema.ts';

export const LIVE_TOPICS = {
  /** The player's profile (balance included); key: the user id. */
  profile: 'profile_changed',
  /** The credits leaderboard; key: always `board` (one snapshot for every client). */
  leaderboard: 'leaderboard_changed',
  /** The player's table (its version); key: the user id. */
  table: 'table_changed',
  /** A tournament's standings (an entry, a settled round, the closing); key: the tournament id. */
  tournament: 'tournament_changed',
} as const satisfies Record<string, string>;

export type LiveTopic = keyof typeof LIVE_TOPICS;

/** Keys travel as NOTIFY payloads (at most 8000 bytes); ids are far shorter than this. */
export const LIVE_KEY_LENGTH_MAX = 200;

export function assertLiveKey(key: string): void {
  if (key === '' || key.length > LIVE_KEY_LENGTH_MAX)
    throw new Error(`invalid live key (length ${key.length})`);
}

/** Announces a change of `key` on `topic` when the caller's transaction commits. */
export async function publishInTransaction(trx: Kysely<DB>, topic: LiveTopic, key: string): Promise<void> {
  assertLiveKey(key);
  await notifyInTransaction(trx, LIVE_TOPICS[topic], key);
}

/** Announces a change outside a transaction (e.g. after a write that needs no transaction). */
export async function publish(db: Database, topic: LiveTopic, key: string): Promise<void> {
  assertLiveKey(key);
  await db.notify(LIVE_TOPICS[topic], key);
}
