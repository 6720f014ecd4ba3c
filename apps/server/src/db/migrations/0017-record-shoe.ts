/**
 * A shoe's report (decision record 0031) reads the record's entries made in that shoe: each
 * table entry is tagged with its shoe's public commitment. Rows from before this release (and a
 * browser's posts) have none; they are only in the session's report, by time.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0017: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table play_record add column shoe text`.execute(db);
    await sql`create index play_record_shoe_idx on play_record (user_id, shoe) where shoe is not null`.execute(db);
  },
};
