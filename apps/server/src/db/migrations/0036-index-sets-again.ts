/**
 * Issue 37 review (docs/decisions/0052-full-index-sets.md, 2026-12-07): sets generated before
 * the scan gave a surrender cell its hit/stand index lack 16 v 10's stand. Their key did not
 * change (the set's identity is what changes the plays, not the generator), so they would be
 * served as they are forever: they go, and the next request generates each again. A job still
 * running finds its row gone and writes nothing (its ready update is gated on the row). The
 * players' own sets are theirs and stay.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0036: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from index_set`.execute(db);
  },
};
