// The command line as a new user meets it: `bj --help`, `--help` on every command (with
// examples), unknown commands, and the rules line every report starts with.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../cli/main.ts';
import { payoutRatio, rulesAndPenetration, rulesNotation } from '../cli/notation.ts';
import { parseRules } from '../src/rules.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function capture() {
  let out = '';
  let err = '';
  return { io: { out: (t: string) => void (out += t), err: (t: string) => void (err += t) }, out: () => out, err: () => err };
}

describe('bj --help', () => {
  for (const argv of [['--help'], ['-h'], ['help']]) {
    it(`bj ${argv.join(' ')} lists every command with examples, exit 0`, async () => {
      const c = capture();
      expect(await main(argv, c.io)).toBe(0);
      for (const name of Object.keys(COMMANDS)) expect(c.out()).toMatch(new RegExp(`^  ${name}\\s+\\S`, 'm'));
      expect(c.out()).toContain('examples:');
      expect(c.err()).toBe('');
    });
  }

  it('an unknown command exits 2 with its name and the usage on stderr', async () => {
    const c = capture();
    expect(await main(['bogus'], c.io)).toBe(2);
    expect(c.err()).toContain('unknown command "bogus"');
    expect(c.err()).toContain('usage: bj <command>');
    expect(c.out()).toBe('');
  });

  it('no command exits 2 with the usage on stderr', async () => {
    const c = capture();
    expect(await main([], c.io)).toBe(2);
    expect(c.err()).toContain('usage: bj <command>');
  });

  for (const name of Object.keys(COMMANDS)) {
    it(`bj ${name} --help (and -h) prints its options and examples, exit 0`, async () => {
      const { run, USAGE } = (await import(`../cli/${name}.ts`)) as { run(argv: string[], io: unknown): Promise<number>; USAGE: string };
      expect(USAGE).toMatch(new RegExp(`^usage: bj ${name}`));
      expect(USAGE).toContain('examples:');
      expect(USAGE).toContain(`  bj ${name}`);
      for (const flag of ['--help', '-h']) {
        const c = capture();
        expect(await run([flag], c.io)).toBe(0);
        expect(c.out()).toBe(USAGE);
        expect(c.err()).toBe('');
      }
    });
  }

  it('an unknown option names the command whose --help lists the options', async () => {
    const { run } = await import('../cli/ev.ts');
    const c = capture();
    expect(await run(['--bogus'], c.io)).toBe(2);
    expect(c.err()).toContain('unknown option --bogus. (bj ev --help lists the options)');
  });

  it('spawned: `bj --help` exits 0 and `bj help strategy` prints the strategy usage', () => {
    const top = spawnSync('npx', ['tsx', 'packages/engine/cli/main.ts', '--help'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(top.status, top.stderr).toBe(0);
    expect(top.stdout).toContain('usage: bj <command>');
    const sub = spawnSync('npx', ['tsx', 'packages/engine/cli/main.ts', 'help', 'strategy'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(sub.status, sub.stderr).toBe(0);
    expect(sub.stdout).toMatch(/^usage: bj strategy/);
  }, 60_000);
});

describe('the rules line (counters notation)', () => {
  it('default rules: 6D S17 DAS LS 3:2, 75% pen', () => {
    expect(rulesNotation(parseRules({}))).toBe('6D S17 DAS LS 3:2');
    expect(rulesAndPenetration(parseRules({}))).toBe('6D S17 DAS LS 3:2, 75% pen');
    expect(rulesAndPenetration(parseRules({}), true)).toBe('6D S17 DAS LS 3:2, CSM');
  });

  it('every rule that changes the game shows', () => {
    const rules = parseRules({
      numDecks: 2,
      dealerStandsSoft17: false,
      doubleAfterSplit: false,
      surrenderAllowed: false,
      doubleDownRestriction: '10-11',
      maxSplits: 1,
      dealerPeeks: false,
      blackjackPays: 1.2,
      numInitialHands: 3,
      shufflePoint: 0.35,
    });
    expect(rulesAndPenetration(rules)).toBe('2D H17 D10 NDAS SP2 ENHC 6:5 3 spots, 65% pen');
    expect(rulesNotation(parseRules({ resplitAces: true, hitSplitAces: true, doubleDownRestriction: '9-11' }))).toBe('6D S17 D9 DAS LS RSA HSA 3:2');
    expect(rulesNotation(parseRules({ maxSplits: 0, resplitAces: true }))).toBe('6D S17 LS no splits 3:2');
    // Decision record 0050: early surrender, the no-hole-card losses, even money, the continuous shuffler.
    expect(rulesNotation(parseRules({ earlySurrender: 'vs10' }))).toBe('6D S17 DAS LS ES10 3:2');
    expect(rulesNotation(parseRules({ earlySurrender: 'all' }))).toBe('6D S17 DAS ES 3:2');
    expect(rulesNotation(parseRules({ dealerPeeks: false, noHoleCardLosses: 'all', insuranceAllowed: true, blackjackPays: 1.2 }))).toBe('6D S17 DAS LS ENHC-all 6:5 EM');
    expect(rulesAndPenetration(parseRules({ numDecks: 8, continuousShuffler: true }))).toBe('8D S17 DAS LS 3:2, CSM');
  });

  it('payouts as small ratios', () => {
    expect([1.5, 1.2, 1, 2, 1.4].map(payoutRatio)).toEqual(['3:2', '6:5', '1:1', '2:1', '7:5']);
  });
});
