/**
 * The credits leaderboard (ADR 0011): one entry per profile, refreshed from it 100 ms after a
 * change, and a count of visible entries per balance bucket that makes an exact rank cost a
 * few thousand index entries instead of a count over the whole board.
 *
 * Buckets: a balance's bucket is the balance with all but its 3 leading decimal digits zeroed
 * (12,345 -> 12,300; below 1,000 every value is its own bucket), so a bucket covers under 1%
 * of its balances and there are at most ~7,300 of them. `leaderboard_bucket_end(b)` is the
 * first balance of the next bucket. The triggers keep `leaderboard_buckets.players` equal to
 * the visible entries per bucket in the same transaction as the entry's change.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0008: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leaderboard_entries')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('profiles.user_id').onDelete('cascade'))
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
      .addColumn('last_updated', 'timestamptz', (c) => c.notNull())
      // The spec's `_deleted`: the player hid themselves; the row stays, every read skips it.
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    // Board order is (balance desc, user_id desc): one plain btree serves it backwards, and
    // keyset conditions are row comparisons `(balance, user_id) < ($1, $2)` on it.
    await sql`create index leaderboard_entries_board_idx on leaderboard_entries (balance, user_id) where not deleted`.execute(db);

    await db.schema
      .createTable('leaderboard_buckets')
      .addColumn('bucket', 'integer', (c) => c.primaryKey())
      .addColumn('players', 'integer', (c) => c.notNull().check(sql`players >= 0`))
      .execute();

    await sql`
      create function leaderboard_bucket_step(b integer) returns integer
      language sql immutable parallel safe
      as $$ select case when b < 1000 then 1 else (10 ^ (length(b::text) - 3))::integer end $$`.execute(db);
    await sql`
      create function leaderboard_bucket(b integer) returns integer
      language sql immutable parallel safe
      as $$ select (b / leaderboard_bucket_step(b)) * leaderboard_bucket_step(b) $$`.execute(db);
    // bigint: the last bucket of a 10-digit balance ends past the integer range.
    await sql`
      create function leaderboard_bucket_end(b integer) returns bigint
      language sql immutable parallel safe
      as $$ select leaderboard_bucket(b)::bigint + leaderboard_bucket_step(b) $$`.execute(db);

    await sql`
      create function leaderboard_buckets_track() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and not old.deleted then
          update leaderboard_buckets set players = players - 1 where bucket = leaderboard_bucket(old.balance);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and not new.deleted then
          insert into leaderboard_buckets as b (bucket, players) values (leaderboard_bucket(new.balance), 1)
          on conflict (bucket) do update set players = b.players + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger leaderboard_buckets_insert after insert on leaderboard_entries
      for each row execute function leaderboard_buckets_track()`.execute(db);
    await sql`
      create trigger leaderboard_buckets_update after update of balance, deleted on leaderboard_entries
      for each row when (old.balance is distinct from new.balance or old.deleted is distinct from new.deleted)
      execute function leaderboard_buckets_track()`.execute(db);
    await sql`
      create trigger leaderboard_buckets_delete after delete on leaderboard_entries
      for each row execute function leaderboard_buckets_track()`.execute(db);

    // Every existing profile gets its entry now; later changes arrive through the refresher.
    await sql`
      insert into leaderboard_entries (user_id, display_name, balance, last_updated, deleted)
      select user_id, display_name, credits, last_updated, not show_on_leaderboard from profiles`.execute(db);
  },
};
