import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/simulate.ts';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) } };
}

describe('bj simulate', () => {
  it('prints one JSON object with the required fields', async () => {
    const c = io();
    const code = await run(['--rounds', '20000', '--threads', '1', '--seed', '4', '--json'], c.io);
    expect(code).toBe(0);
    const r = JSON.parse(c.out.join('')) as Record<string, unknown>;
    for (const k of ['rounds', 'hands', 'ev', 'evStdErr', 'sd', 'roundsPerSecond', 'threads', 'seed', 'di', 'score', 'perTrueCount']) expect(r).toHaveProperty(k);
    expect(r.seed).toBe(4);
  }, 30_000);

  it('refuses bad arguments with a message and a non-zero exit', async () => {
    for (const argv of [['--rounds', '0'], ['--indices', 'x'], ['--spread', '{'], ['--rules', '{"numDecks":0}'], ['--count', 'nope'], ['--bogus']]) {
      const c = io();
      expect(await run(argv, c.io)).toBe(2);
      expect(c.err.join('')).not.toBe('');
    }
  });
});
