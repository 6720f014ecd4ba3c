/**
 * Replaced shoes: kept per player (newest TABLE_SHOE_HISTORY_MAX) so a player can check each
 * against its commitment. Written with the action whose step the engine published it in
 * (write-action.ts writeAction): when the shoe is replaced, or, for a shoe that ran out with the hole
 * card face down, when the round turns it (ADR 0004).
 */
import { TABLE_SHOE_HISTORY_MAX, type ShoeRevealRecord } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';

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
