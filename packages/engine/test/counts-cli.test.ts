// `bj counts`: the contract tools outside the repository drive. `npm run -s bj -- counts
// [--rules JSON] [--tags JSON] [--json]` prints a JSON array of { id, tags, bc, pe, ic }: one per
// built-in count, or one with id "custom" for --tags. Bad input: a clear message on stderr and
// exit code 2, nothing on stdout.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../cli/counts.ts';
import { run as simulate } from '../cli/simulate.ts';
import { run as indices } from '../cli/indices.ts';
import type { CliIo } from '../cli/args.ts';
import { COUNTING_SYSTEMS } from '../src/counting/systems.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ONE_DECK = JSON.stringify({ numDecks: 1, doubleAfterSplit: false, surrenderAllowed: false });
const HI_LO_TAGS = { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 };

interface Row {
  id: string;
  tags: Record<string, number>;
  bc: number;
  pe: number;
  ic: number;
}

function capture(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}

/** The command as tools run it: npm's script, a fresh process. */
function bj(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('npm', ['run', '-s', 'bj', '--', 'counts', ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
}

describe('bj counts', () => {
  it('npm run -s bj -- counts --rules R --json: every built-in count as { id, tags, bc, pe, ic }', () => {
    const r = bj(['--rules', ONE_DECK, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Row[];
    expect(rows.map((x) => x.id)).toEqual(Object.keys(COUNTING_SYSTEMS));
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['bc', 'ic', 'id', 'pe', 'tags']);
      expect(Object.keys(row.tags).sort()).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', 'A', 'T']);
      for (const x of [row.bc, row.pe, row.ic]) expect(Math.abs(x)).toBeLessThanOrEqual(1);
    }
    const hiLo = rows.find((x) => x.id === 'hi-lo');
    expect(hiLo?.tags).toEqual(HI_LO_TAGS);
    // Hi-Lo's published one-deck figures (count-quality.test.ts has all eight and the sources).
    expect(hiLo?.bc).toBeCloseTo(0.97, 1);
    expect(Math.abs((hiLo?.pe ?? 0) - 0.51)).toBeLessThanOrEqual(0.035);
    expect(hiLo?.ic).toBeCloseTo(0.76, 2);
    expect(rows.find((x) => x.id === 'wong-halves')?.tags).toMatchObject({ 2: 0.5, 5: 1.5, 9: -0.5 });
    expect(rows.find((x) => x.id === 'red-7')?.tags['7']).toBe(0.5);

    // --tags equal to Hi-Lo's: one row, id custom, Hi-Lo's figures.
    const io = capture();
    return run(['--rules', ONE_DECK, '--tags', JSON.stringify(HI_LO_TAGS), '--json'], io).then((code) => {
      expect(code, io.stderr()).toBe(0);
      const custom = JSON.parse(io.stdout()) as Row[];
      expect(custom).toEqual([{ ...hiLo, id: 'custom' }]);
    });
  }, 60_000);

  it('prints a readable table without --json', async () => {
    const io = capture();
    expect(await run(['--rules', ONE_DECK, '--tags', JSON.stringify({ ...HI_LO_TAGS, 7: 0.5 })], io)).toBe(0);
    expect(io.stdout()).toMatch(/^1D S17 NDAS 3:2, 75% pen\n/);
    expect(io.stdout()).toMatch(/custom\s+-1\s+\+1\s+\+1\s+\+1\s+\+1\s+\+1\s+\+0\.5\s+0\s+0\s+-1\s+0\.\d{3}\s+0\.\d{3}\s+0\.\d{3}/);
  }, 60_000);

  it('bad input: a message naming the problem on stderr, exit 2, nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['--tags', '{"A":-1'], /--tags is not valid JSON/],
      [['--tags', JSON.stringify({ ...HI_LO_TAGS, 9: undefined })], /tag for 9.*TAG_MISSING/],
      [['--tags', JSON.stringify({ ...HI_LO_TAGS, 5: 0.3 })], /tag of 5 must be a whole or half number.*TAG_NOT_A_HALF/],
      [['--tags', JSON.stringify({ ...HI_LO_TAGS, 5: 9 })], /between -4 and 4.*TAG_OUT_OF_RANGE/],
      [['--tags', JSON.stringify({ ...HI_LO_TAGS, J: -1 })], /unknown card "J".*TAG_UNKNOWN/],
      [['--tags', JSON.stringify({ A: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, T: 0 })], /TAGS_ALL_ZERO/],
      [['--tags', '[1,2]'], /TAGS_NOT_AN_OBJECT/],
      [['--rules', '{"numDecks":9}'], /numDecks must be between 1 and 8/],
      [['--rules', '{"numDeck":1}'], /unknown rule "numDeck"/],
      [['--count', 'hilo'], /unknown option --count/],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr()).toMatch(message);
      expect(io.stdout()).toBe('');
    }
    // And as a process: the exit code reaches the shell.
    const r = bj(['--tags', '{"A":-1}', '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/TAG_MISSING/);
    expect(r.stdout).toBe('');
  }, 60_000);
});

describe('the other commands take a count of one\'s own (--custom)', () => {
  it('bj simulate --custom equal to Hi-Lo: the --count hilo result with the same seed', async () => {
    const common = ['--rounds', '20000', '--threads', '1', '--seed', '9', '--spread', '{"-inf":1,"2":4}', '--indices', 'i18', '--json'];
    const strip = (text: string) => {
      const { settings, count, custom, seconds: _s, roundsPerSecond: _r, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return { settings, count, custom, rest };
    };
    const a = capture();
    expect(await simulate(common, a), a.stderr()).toBe(0);
    const b = capture();
    expect(await simulate([...common, '--custom', JSON.stringify({ tags: HI_LO_TAGS })], b), b.stderr()).toBe(0);
    const [hiLo, custom] = [strip(a.stdout()), strip(b.stdout())];
    expect(custom.rest).toEqual(hiLo.rest);
    expect(custom).toMatchObject({ count: 'custom', custom: { tags: HI_LO_TAGS } });
    expect(custom.settings).toMatch(/custom count \(A -1 2 \+1 .* T -1\)/);
  }, 60_000);

  it('bj indices --custom equal to Hi-Lo reads the precomputed Hi-Lo table; a bad --custom is an input error', async () => {
    const a = capture();
    expect(await indices(['--json'], a)).toBe(0);
    const b = capture();
    expect(await indices(['--custom', JSON.stringify({ tags: HI_LO_TAGS }), '--json'], b)).toBe(0);
    const [hiLo, custom] = [JSON.parse(a.stdout()) as { plays: unknown; count: string }, JSON.parse(b.stdout()) as { plays: unknown; count: string; precomputed: boolean }];
    expect(custom.plays).toEqual(hiLo.plays);
    expect(custom).toMatchObject({ count: 'custom', precomputed: true });
    for (const [argv, message] of [
      [['--custom', JSON.stringify({ tags: { ...HI_LO_TAGS, 7: 1 } })], /UNBALANCED_NEEDS_IRC_KEY_PIVOT/],
      [['--count', 'zen', '--custom', JSON.stringify({ tags: HI_LO_TAGS })], /leave out --count zen/],
      [['--count', 'custom'], /--count custom needs --custom/],
    ] as const) {
      const io = capture();
      expect(await indices([...argv], io)).toBe(2);
      expect(io.stderr()).toMatch(message);
    }
  });
});
