import type { Database } from '../../src/db/index.ts';
import { migrateDatabase } from '../../src/migrate.ts';

/** The same migrations as at server start (better-auth's tables first, then the app's). */
export async function migrateForTests(db: Database): Promise<void> {
  await migrateDatabase(db);
}
