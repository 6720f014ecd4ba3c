/**
 * A player's own index sets (issue 37, migration 0031): read, replaced whole by a PUT (one
 * transaction: a refused PUT changes nothing), the chosen set of a key for the record's grader,
 * and a set as CSV.
 */
import { AppError, type PlayerIndexSet } from '@card-counter/shared';
import type { FullIndexSet, IndexSetPlay } from '@card-counter/engine';
import type { Database } from '../../db/index.ts';
import { indexSetKey } from './set-key.ts';
import { specOf } from './spec.ts';

export async function readPlayerSets(db: Database, userId: string): Promise<PlayerIndexSet[]> {
  const rows = await db.kysely
    .selectFrom('player_index_set')
    .select(['name', 'spec', 'plays', 'insurance', 'chosen'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    ...(r.spec as unknown as Omit<PlayerIndexSet, 'plays' | 'insurance' | 'chosen' | 'name'>),
    name: r.name,
    plays: r.plays as PlayerIndexSet['plays'],
    insurance: r.insurance,
    chosen: r.chosen,
  }));
}

export async function writePlayerSets(
  db: Database,
  userId: string,
  sets: readonly PlayerIndexSet[],
): Promise<void> {
  const names = new Set<string>();
  const chosenKeys = new Set<string>();
  const rows = sets.map((s, i) => {
    if (names.has(s.name))
      throw new AppError('VALIDATION_FAILED', `body.sets.${i}.name: two sets are named "${s.name}".`, {
        field: `sets.${i}.name`,
      });
    names.add(s.name);
    const key = indexSetKey(
      specOf({
        count: s.count,
        ...(s.custom ? { custom: s.custom } : {}),
        rules: s.rules,
        resolution: s.resolution,
        rounding: s.rounding,
      }),
    );
    if (s.chosen && chosenKeys.has(key))
      throw new AppError(
        'VALIDATION_FAILED',
        `body.sets.${i}.chosen: another set for this count, these rules and convention is chosen already.`,
        { field: `sets.${i}.chosen` },
      );
    if (s.chosen) chosenKeys.add(key);
    const seen = new Set<string>();
    s.plays.forEach((p, j) => {
      const id = `${p.hand}v${p.up}:${p.direction}`;
      if (seen.has(id))
        throw new AppError(
          'VALIDATION_FAILED',
          `body.sets.${i}.plays.${j}: ${p.hand} v ${p.up} has two plays on the same side.`,
          { field: `sets.${i}.plays.${j}` },
        );
      seen.add(id);
    });
    const { name, plays, insurance, chosen, ...spec } = s;
    return {
      user_id: userId,
      name,
      set_key: key,
      spec: JSON.stringify(spec),
      plays: JSON.stringify(plays),
      insurance,
      chosen,
      updated_at: new Date(),
    };
  });
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('player_index_set').where('user_id', '=', userId).execute();
    if (rows.length > 0) await trx.insertInto('player_index_set').values(rows).execute();
  });
}

/** The player's chosen set for a key (what their decisions are graded by), or null. */
export async function chosenPlayerSet(
  db: Database,
  userId: string,
  key: string,
): Promise<FullIndexSet | null> {
  const row = await db.kysely
    .selectFrom('player_index_set')
    .select(['plays', 'insurance'])
    .where('user_id', '=', userId)
    .where('set_key', '=', key)
    .where('chosen', '=', true)
    .executeTakeFirst();
  return row ? { plays: row.plays as IndexSetPlay[], insurance: row.insurance } : null;
}

/** A set as CSV: one line per play (hand, up, play, versus, index, direction), insurance last. */
export function csvOf(set: PlayerIndexSet): string {
  const lines = ['hand,up,play,versus,index,direction'];
  for (const p of set.plays) lines.push([p.hand, p.up, p.play, p.versus, p.index, p.direction].join(','));
  if (set.insurance !== null)
    lines.push(['insurance', 'A', 'insure', 'decline', set.insurance, 'at-or-above'].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
