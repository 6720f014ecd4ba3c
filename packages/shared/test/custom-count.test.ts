// The contract's checks of a custom count (src/custom-count.ts) are the engine's
// (parseCustomCount): the same verdict, reason, field and message on the same input, over a
// seeded fuzz of near-miss counts; and the schema's issue carries the reason for the server.
import { CUSTOM_COUNT_CODES, CUSTOM_COUNT_LIMITS, CustomCountError, TAG_KEYS, parseCustomCount, seededRng, type Rng } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { CUSTOM_COUNT_REASONS, CUSTOM_COUNT_RUNNING_MAX, CUSTOM_COUNT_TAG_KEYS, CUSTOM_COUNT_TAG_MAX, CustomCountSchema, customCountProblem } from '../src/custom-count.ts';
import { CountingOptionsSchema } from '../src/table.ts';

const SEED = 26;
const CASES = 3000;

/** Mostly good counts with one thing wrong now and then: every branch of the checks. */
function nearMiss(rng: Rng): unknown {
  const int = (n: number): number => rng.nextUint32() % n;
  const odd = (): unknown => [0.25, -4.5, 5, '1', null, Number.NaN, 1e9, true][int(8)];
  const value = (max: number): unknown => (int(12) === 0 ? odd() : (int(4 * max + 1) - 2 * max) / 2);
  const tags: Record<string, unknown> = {};
  for (const k of TAG_KEYS) if (int(25) !== 0) tags[k] = value(3);
  if (int(15) === 0) tags[['K', '10', 'a', '1'][int(4)] as string] = 1;
  if (int(20) === 0) for (const k of TAG_KEYS) tags[k] = 0;
  const count: Record<string, unknown> = { tags: int(40) === 0 ? [1, 2] : tags };
  for (const f of ['irc', 'key', 'pivot']) if (int(3) !== 0) count[f] = int(8) === 0 ? odd() : (int(41) - 20) / 2;
  if (int(30) === 0) count.name = 'mine';
  return int(60) === 0 ? 'hilo' : count;
}

describe('custom count checks: the contract and the engine agree', () => {
  it('shares the engine’s keys, limits and reasons', () => {
    expect(CUSTOM_COUNT_TAG_KEYS).toEqual(TAG_KEYS);
    expect(CUSTOM_COUNT_TAG_MAX).toBe(CUSTOM_COUNT_LIMITS.tag_max);
    expect(CUSTOM_COUNT_RUNNING_MAX).toBe(CUSTOM_COUNT_LIMITS.runningCount_max);
    expect(CUSTOM_COUNT_REASONS).toEqual(CUSTOM_COUNT_CODES);
  });

  it(`the same verdict on ${CASES} near-miss counts (seed ${SEED})`, () => {
    const rng = seededRng(SEED);
    const seen = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const input = nearMiss(rng);
      const problem = customCountProblem(input);
      let engine: CustomCountError | null = null;
      try {
        parseCustomCount(input);
      } catch (e) {
        if (!(e instanceof CustomCountError)) throw e;
        engine = e;
      }
      const where = `seed ${SEED} case ${i}: ${JSON.stringify(input)}`;
      expect(problem?.reason ?? null, where).toBe(engine?.code ?? null);
      if (problem && engine) {
        expect(problem.path.join('.') || 'custom', where).toBe(engine.field);
        expect(problem.message, where).toBe(engine.message);
      }
      seen.add(problem?.reason ?? 'ok');
    }
    // The fuzz reached every reason and good counts too.
    expect([...seen].sort()).toEqual([...CUSTOM_COUNT_REASONS, 'ok'].sort());
  });

  it('the schema’s issue is at the field and carries the reason', () => {
    const r = CustomCountSchema.safeParse({ tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0.2, T: -1 } });
    expect(r.success).toBe(false);
    const issue = r.error?.issues[0];
    expect(issue?.path).toEqual(['tags', '9']);
    expect((issue as { params?: { customCount?: string } } | undefined)?.params?.customCount).toBe('TAG_NOT_A_HALF');
    const options = CountingOptionsSchema.safeParse({ system: 'custom', resolution: 'half', rounding: 'floor' });
    expect((options.error?.issues[0] as { params?: { customCount?: string } } | undefined)?.params?.customCount).toBe('COUNT_NOT_AN_OBJECT');
    expect(CountingOptionsSchema.safeParse({ system: 'zen', resolution: 'half', rounding: 'floor' }).success).toBe(true);
  });
});
