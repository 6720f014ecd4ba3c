/** Replaced shoes: kept per player (newest TABLE_SHOE_HISTORY_MAX) so a player can check each against its commitment. */
import { revealShoe, type ShoeState } from '@card-counter/engine';
import { TABLE_SHOE_HISTORY_MAX, type ShoeRevealRecord } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';

export async function recordReveal(trx: Kysely<DB>, userId: string, shoe: ShoeState, now: Date): Promise<void> {
  await trx
    .insertInto('game_shoe_reveals')
    .values({ user_id: userId, commitment: shoe.commitment, reveal: JSON.stringify(revealShoe(shoe)), replaced_at: now })
    .execute();
  // Bounded: only the newest TABLE_SHOE_HISTORY_MAX stay.
  await trx
    .deleteFrom('game_shoe_reveals')
    .where('user_id', '=', userId)
    .where(
      sql<boolean>`id < coalesce((select id from game_shoe_reveals where user_id = ${userId} order by id desc offset ${TABLE_SHOE_HISTORY_MAX - 1} limit 1), 0)`,
    )
    .execute();
}

export async function listReveals(db: Kysely<DB>, userId: string): Promise<ShoeRevealRecord[]> {
  const rows = await db
    .selectFrom('game_shoe_reveals')
    .select(['commitment', 'reveal', 'replaced_at'])
    .where('user_id', '=', userId)
    .orderBy(sql`id`, 'desc')
    .limit(TABLE_SHOE_HISTORY_MAX)
    .execute();
  return rows.map((r) => ({
    commitment: r.commitment,
    reveal: r.reveal as ShoeRevealRecord['reveal'],
    replacedAt: new Date(r.replaced_at).toISOString(),
  }));
}
