import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { run } from '../cli/simulate.ts';

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

  it('gives the same numbers on 1 and 2 threads, with risk of ruin and the exact full-shoe EV', async () => {
    const argv = ['--rounds', '200000', '--seed', '8', '--count', 'hilo', '--spread', '{"-inf":1,"2":4}', '--indices', 'i18+fab4', '--bankroll', '100', '--json'];
    const runs = [];
    for (const threads of ['1', '2']) {
      const c = io();
      expect(await run([...argv, '--threads', threads], c.io)).toBe(0);
      runs.push(JSON.parse(c.out.join('')) as Record<string, unknown>);
    }
    const [one, two] = runs as [Record<string, unknown>, Record<string, unknown>];
    expect(two.threads).toBe(2);
    const strip = (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, seconds: 0, roundsPerSecond: 0, threads: 0 });
    expect(strip(two)).toEqual(strip(one));
    const ror = one.riskOfRuin as { bankroll_units: number; trips: number; simulated: number; closedForm: number };
    expect(ror.bankroll_units).toBe(100);
    expect(ror.trips).toBeGreaterThan(10);
    expect(ror.simulated).toBeGreaterThan(0);
    expect(ror.simulated).toBeLessThan(1);
    expect(one.exactBasicEv).toBeCloseTo(-0.003338, 5); // the analyser's default-rules figure
    expect(one.indices).toBe('i18+fab4');
  }, 60_000);

  it('without --json prints the readable report, the per-count table, and a progress bar on stderr', async () => {
    const c = io();
    expect(await run(['--rounds', '300000', '--threads', '2', '--spread', '{"-inf":1,"2":4}', '--bankroll', '100'], c.io)).toBe(0);
    const out = c.out.join('');
    for (const label of ['EV per round', 'EV per 100 rounds', 'DI / SCORE / N0', 'risk of ruin (simulated)', 'exact EV per unit bet, full shoe', 'per true count']) expect(out).toContain(label);
    expect(out).toMatch(/^\s*2\s+[\d.]+%\s+-?[\d.]+\s+[\d.]+\s+-?[\d.]+%\s+4\.00$/m); // TC +2 bets 4 units
    expect(c.err.join('')).toMatch(/\[#+\s*\] 100%/);
  }, 60_000);

  it('wongs in: plays only at or above the count, and insurance by index can go without index plays', async () => {
    const c = io();
    const argv = ['--rounds', '300000', '--threads', '1', '--wong-in', '1', '--spread', '{"-inf":1,"3":4}', '--insurance', 'index', '--rules', '{"insuranceAllowed":true}', '--json'];
    expect(await run(argv, c.io)).toBe(0);
    const r = JSON.parse(c.out.join('')) as { rounds: number; roundsPlayed: number; insuranceBets: number; insurance: string; indices: string; perTrueCount: { tc: number }[] };
    expect(r.roundsPlayed).toBeLessThan(r.rounds / 2);
    expect(r.roundsPlayed).toBeGreaterThan(0);
    expect(Math.min(...r.perTrueCount.map((row) => row.tc))).toBe(1);
    expect(r.insurance).toBe('index');
    expect(r.indices).toBe('none');
    expect(r.insuranceBets).toBeGreaterThan(0);
  }, 30_000);

  it('without --threads, short runs stay on one thread and long ones use every core', async () => {
    const short = io();
    expect(await run(['--rounds', '20000', '--json'], short.io)).toBe(0);
    expect((JSON.parse(short.out.join('')) as { threads: number }).threads).toBe(1);
    const long = io();
    expect(await run(['--rounds', '5000000', '--json'], long.io)).toBe(0);
    expect((JSON.parse(long.out.join('')) as { threads: number }).threads).toBe(availableParallelism());
  }, 60_000);

  it('--help lists every option the command accepts', async () => {
    const c = io();
    expect(await run(['--help'], c.io)).toBe(0);
    const text = c.out.join('');
    for (const flag of ['--rules', '--rounds', '--threads', '--seed', '--count', '--spread', '--indices', '--insurance', '--wong-in', '--bankroll', '--csm', '--json']) expect(text).toContain(flag);
  });

  it('refuses bad arguments with a message and a non-zero exit', async () => {
    const cases: [string[], RegExp][] = [
      [['--rounds', '0'], /--rounds/],
      [['--indices', 'x'], /--indices/],
      [['--spread', '{'], /--spread/],
      [['--spread', '{"x":1}'], /spread key/],
      [['--rules', '{"numDecks":0}'], /numDecks/],
      [['--count', 'nope'], /--count/],
      [['--count', 'zen', '--indices', 'i18'], /Hi-Lo numbers.*not zen/],
      [['--count', 'ko', '--insurance', 'index'], /Hi-Lo numbers.*not ko/],
      [['--insurance', 'always'], /--insurance must be never or index/],
      [['--wong-in', '99'], /--wong-in/],
      [['--threads', '0'], /--threads/],
      [['--bogus'], /unknown option --bogus.*--help/],
    ];
    for (const [argv, message] of cases) {
      const c = io();
      expect(await run(argv, c.io), argv.join(' ')).toBe(2);
      expect(c.err.join(''), argv.join(' ')).toMatch(message);
      expect(c.out.join(''), argv.join(' ')).toBe('');
    }
  });
});
