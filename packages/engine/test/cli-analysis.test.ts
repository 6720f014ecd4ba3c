// The `bj strategy` and `bj ev` commands: run() with captured output, and one real spawn of
// the CLI entry through tsx from the repo root (as `npm run -s bj -- ...` does).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run as runEv } from '../cli/ev.ts';
import { run as runStrategy } from '../cli/strategy.ts';
import type { CliIo } from '../cli/args.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function capture(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    stdout: () => out,
    stderr: () => err,
  };
}

describe('bj ev', () => {
  it('--json prints the EV of each legal action, null for illegal ones', async () => {
    const io = capture();
    const code = await runEv(['--hand', '7,8', '--up', '10', '--rules', '{"dealerStandsSoft17":false}', '--json'], io);
    expect(code).toBe(0);
    const evs = JSON.parse(io.stdout()) as Record<string, number | string | null>;
    expect(Object.keys(evs)).toEqual(['settings', 'stand', 'hit', 'double', 'split', 'surrender']);
    expect(evs.settings).toBe('6D H17 DAS LS 3:2; 7,8 v 10, full shoe less these cards, dealer has no blackjack');
    expect(evs.stand).toBeCloseTo(-0.53622, 6);
    expect(evs.hit).toBeCloseTo(-0.499763, 6);
    expect(evs.split).toBeNull();
    expect(evs.surrender).toBe(-0.5);
    expect(typeof evs.double).toBe('number');
  });

  it('accepts face cards in any case and prints a readable table', async () => {
    const io = capture();
    expect(await runEv(['--hand', 'k,q', '--up', 'a'], io)).toBe(0);
    const text = io.stdout();
    expect(text.split('\n')[0]).toBe('6D S17 DAS LS 3:2; 10,10 v A, full shoe less these cards, dealer has no blackjack');
    expect(text).toMatch(/stand\s+0\.\d{6}\s+<- best/);
    // Splitting tens against an ace is best without resplitting them (see analysis/split.ts).
    expect(text).toMatch(/split\s+0\.152621/);
    expect(io.stderr()).toBe('');
  });

  it('refuses a bad hand, a bad card and bad rules with the message on stderr', async () => {
    for (const argv of [
      ['--hand', '7', '--up', '10'],
      ['--hand', '7,Z', '--up', '10'],
      ['--hand', '10,10,5', '--up', '10'],
      ['--up', '10'],
      ['--hand', '7,8', '--up', '10', '--rules', '{"numDecks":0}'],
      ['--hand', '7,8', '--up', '10', '--rules', '{not json'],
      ['--hand', '7,8', '--up', '10', '--bogus'],
    ]) {
      const io = capture();
      expect(await runEv(argv, io), argv.join(' ')).toBe(2);
      expect(io.stdout()).toBe('');
      expect(io.stderr().length).toBeGreaterThan(5);
    }
    const io = capture();
    await runEv(['--hand', '7,8', '--up', '10', '--rules', '{"numDecks":0}'], io);
    expect(io.stderr()).toContain('numDecks must be between 1 and 8 (got 0)');
  });
});

describe('bj strategy', () => {
  it('--json prints rules, ev and the chart', async () => {
    const io = capture();
    expect(await runStrategy(['--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout()) as {
      settings: string;
      rules: { numDecks: number };
      ev: number;
      chart: { hard: Record<string, Record<string, string>>; soft: Record<string, Record<string, string>>; pairs: Record<string, Record<string, string>> };
    };
    expect(out.rules.numDecks).toBe(6);
    expect(out.settings).toBe('6D S17 DAS LS 3:2, off the top of a full shoe');
    expect(out.ev).toBeCloseTo(-0.003332, 6); // the default rules' chart EV, see analysis-known-answers
    expect(out.chart.hard['16']?.['10']).toBe('Rh');
    expect(out.chart.soft['18']?.['3']).toBe('Ds');
    expect(Object.keys(out.chart.pairs).sort()).toEqual(['10', '2', '3', '4', '5', '6', '7', '8', '9', 'A']);
    expect(Object.keys(out.chart.hard['12'] ?? {})).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A']);
  });

  it('prints readable tables without --json, for other rules', async () => {
    const io = capture();
    expect(await runStrategy(['--rules', '{"numDecks":2,"dealerStandsSoft17":false}'], io)).toBe(0);
    const text = io.stdout();
    expect(text.split('\n')[0]).toBe('2D H17 DAS LS 3:2, off the top of a full shoe');
    expect(text).toMatch(/Expected value off the top: -0\.\d{4}%/);
    expect(text).toMatch(/^hard\s+2\s+3/m);
    expect(text).toMatch(/^pair\s+2/m);
  });

  it('a bad --rules exits non-zero with the validation message', async () => {
    const io = capture();
    expect(await runStrategy(['--rules', '{"numDecks":0}', '--json'], io)).toBe(2);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toContain('numDecks must be between 1 and 8 (got 0)');
  });
});

describe('bj entry point (spawned)', () => {
  it('npx tsx packages/engine/cli/main.ts ev ... --json', () => {
    const res = spawnSync('npx', ['tsx', 'packages/engine/cli/main.ts', 'ev', '--hand', '7,8', '--up', '10', '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { hit: number }).hit).toBeCloseTo(-0.499763, 6);
  }, 60_000);

  it('a bad --rules exits non-zero with the message on stderr', () => {
    const res = spawnSync('npx', ['tsx', 'packages/engine/cli/main.ts', 'strategy', '--rules', '{"numDecks":0}', '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('numDecks must be between 1 and 8 (got 0)');
    expect(res.stdout).toBe('');
  }, 60_000);
});
