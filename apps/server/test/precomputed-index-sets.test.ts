// The committed full index sets are what the coach, the record's grader, the deviations drill,
// the Charts page and the simulator play (ADR 0052). Known answers: the Hi-Lo sets of the
// multi-deck games hold every Illustrious 18 and Fab 4 play within one point of the published
// number (Schlesinger's multi-deck S17 table), with the hit/stand index of the hands whose basic
// play is surrender (16 v 10, 15 v 10, 16 v 9) there too. Regression of the issue 37 review: the
// sets made at 3 shoes a bin stood on 12 v 2 from +7, and late surrender hid 16 v 10's stand.
import { describe, expect, it } from 'vitest';
import { indexPlays, parseRules, publishedSetOf, type IndexSetPlay } from '@card-counter/engine';
import { precomputedSets, type PrecomputedSet } from '../src/modules/indices/precomputed.ts';

const ONE_POINT = 1;
const PUBLISHED = publishedSetOf(indexPlays(parseRules({})), 3);

function set(name: string, count = 'hi-lo'): PrecomputedSet {
  const found = [...precomputedSets().values()].find((s) => s.name === name && s.count === count);
  if (!found) throw new Error(`no committed set ${name} ${count}: run scripts/precompute-index-sets.ts`);
  return found;
}

/** The count from which the set makes the published play `p`, or a reason it does not. */
function thresholdIn(s: PrecomputedSet, p: IndexSetPlay): number | string {
  const same = s.plays.filter((e) => e.hand === p.hand && e.up === p.up && new Set([e.play, e.versus, p.play, p.versus]).size === 2);
  if (same.length !== 1) return `${same.length} entries for ${p.hand} v ${p.up} ${p.play}/${p.versus}`;
  const e = same[0]!;
  if (e.play === p.play && e.direction === 'at-or-above') return e.index;
  if (e.play === p.versus && e.direction === 'at-or-below') return e.index + 1;
  return `the other way round: ${JSON.stringify(e)}`;
}

describe('the committed full index sets: known answers', () => {
  it.each(['6D S17 DAS LS', '8D S17 DAS LS'])('Hi-Lo %s: every I18 and Fab 4 play within one point of the published number, and insurance', (name) => {
    const s = set(name);
    expect(PUBLISHED.plays).toHaveLength(21);
    for (const p of PUBLISHED.plays) {
      const at = thresholdIn(s, p);
      expect(typeof at, `${p.hand} v ${p.up} ${p.play}: ${at}`).toBe('number');
      expect(Math.abs((at as number) - p.index), `${p.hand} v ${p.up} ${p.play} from ${at}, published ${p.index}`).toBeLessThanOrEqual(ONE_POINT);
    }
    expect(Math.abs((s.insurance as number) - 3)).toBeLessThanOrEqual(ONE_POINT);
  });

  it('Hi-Lo 6D H17 DAS LS: the same but the plays H17 moves (11 v A, 10 v A, 15 v A surrender, 12 v 6)', () => {
    const moved = new Set(['11vA', '10vA', '15vA', '12v6']);
    const s = set('6D H17 DAS LS');
    for (const p of PUBLISHED.plays) {
      if (moved.has(`${p.hand}v${p.up}`)) continue;
      const at = thresholdIn(s, p);
      expect(Math.abs((at as number) - p.index), `${p.hand} v ${p.up} ${p.play}: ${at}`).toBeLessThanOrEqual(ONE_POINT);
    }
  });

  it('every set holds 40 plays or more, a true count index inside the generated -10..+10', () => {
    const sets = [...precomputedSets().values()];
    expect(sets).toHaveLength(48);
    const running = new Set(['ko', 'red-7']); // indices on the running count, from the IRC to +14
    for (const s of sets) {
      expect(s.plays.length, `${s.name} ${s.count}`).toBeGreaterThanOrEqual(40);
      for (const p of s.plays) {
        expect(Number.isInteger(p.index), JSON.stringify(p)).toBe(true);
        expect(Math.abs(p.index), `${s.name} ${s.count} ${JSON.stringify(p)}`).toBeLessThanOrEqual(running.has(s.count) ? 28 : 10);
      }
    }
  });
});
