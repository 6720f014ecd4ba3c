import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../cli/simulate.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// One node process with tsx as a loader, as `npm run bj` runs it: the tsx command would relay
// Ctrl-C to a child process and kill it when it does not answer within 30 ms.
const BJ = 'node --import tsx packages/engine/cli/main.ts';

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
    expect(Object.keys(r)[0]).toBe('settings');
    expect(r.settings).toBe('6D S17 DAS LS 3:2, 75% pen; Hi-Lo, flat bet, basic strategy');
    expect(r.roundsAsked).toBe(20000);
    expect(r.stopped).toBe(false);
  }, 30_000);

  it('--ace-side-count bets on the count plus the aces (decision record 0051), and refuses a count it changes nothing for', async () => {
    const argv = ['--rounds', '20000', '--threads', '1', '--seed', '4', '--count', 'hi-opt-2', '--spread', '{"-inf":1,"2":4}', '--json'];
    const plain = io();
    const side = io();
    expect(await run(argv, plain.io)).toBe(0);
    expect(await run([...argv, '--ace-side-count'], side.io)).toBe(0);
    const a = JSON.parse(plain.out.join('')) as { settings: string; perTrueCount: unknown };
    const b = JSON.parse(side.out.join('')) as { settings: string; perTrueCount: unknown };
    expect(b.settings).toBe('6D S17 DAS LS 3:2, 75% pen; Hi-Opt II with an ace side count, spread 1-4, basic strategy');
    // The same cards and plays, bet on another count: the rounds fall in other true-count rows.
    expect(b.perTrueCount).not.toEqual(a.perTrueCount);
    const hiLo = io();
    expect(await run(['--rounds', '1000', '--ace-side-count'], hiLo.io)).not.toBe(0);
    expect(hiLo.err.join('')).toContain('an ace side count changes no bet of Hi-Lo');
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
    expect(one.exactBasicEv).toBeCloseTo(-0.003332, 5); // the analyser's default-rules figure
    expect(one.indices).toBe('i18+fab4');
  }, 60_000);

  it('without --json prints the settings line, the readable report and the per-count table; no progress without a terminal', async () => {
    const c = io();
    expect(await run(['--rounds', '300000', '--threads', '2', '--spread', '{"-inf":1,"2":4}', '--bankroll', '100'], c.io)).toBe(0);
    const out = c.out.join('');
    expect(out.split('\n')[0]).toBe('6D S17 DAS LS 3:2, 75% pen; Hi-Lo, spread 1-4, basic strategy, bankroll 100 units');
    for (const label of ['EV per round', 'EV per 100 rounds', 'DI / SCORE / N0', 'risk of ruin (simulated)', 'exact EV per unit bet, full shoe', 'per true count']) expect(out).toContain(label);
    expect(out).toMatch(/^\s*2\s+[\d.]+%\s+-?[\d.]+\s+[\d.]+\s+-?[\d.]+%\s+4\.00$/m); // TC +2 bets 4 units
    expect(c.err.join('')).toBe('');
  }, 60_000);

  it('reports progress to the terminal display it is given: rising, up to the total, stopped once', async () => {
    for (const threads of ['1', '2']) {
      const updates: number[] = [];
      let totals: number[] = [];
      let stops = 0;
      const c = io();
      const tty = { ...c.io, progress: (total: number) => ((totals = [...totals, total]), { update: (d: number) => void updates.push(d), stop: () => void stops++ }) };
      expect(await run(['--rounds', '400000', '--threads', threads], tty)).toBe(0);
      expect(totals).toEqual([400000]);
      expect(updates.length).toBeGreaterThan(1);
      expect(updates).toEqual([...updates].sort((a, b) => a - b));
      expect(updates.at(-1)).toBe(400000);
      expect(stops).toBe(1);
      expect(c.err.join('')).toBe('');
    }
  }, 60_000);

  it('Ctrl-C stops the run and prints the partial result (exit 130), on one thread and on several', async () => {
    for (const threads of ['1', '2']) {
      for (const json of [false, true]) {
        const c = io();
        let interrupt: () => void = () => undefined;
        let updates = 0;
        const terminal = {
          ...c.io,
          // The user presses Ctrl-C once the first chunks are in.
          progress: () => ({ update: () => void (++updates === 2 && interrupt()), stop: () => undefined }),
          onInterrupt: (handler: () => void) => ((interrupt = handler), () => (interrupt = () => undefined)),
        };
        const argv = ['--rounds', '50000000', '--threads', threads, '--bankroll', '100', ...(json ? ['--json'] : [])];
        expect(await run(argv, terminal), `threads ${threads}`).toBe(130);
        const out = c.out.join('');
        if (json) {
          const r = JSON.parse(out) as { stopped: boolean; rounds: number; roundsAsked: number; ev: number };
          expect(r.stopped).toBe(true);
          expect(r.roundsAsked).toBe(50_000_000);
          expect(r.rounds).toBeGreaterThan(0);
          expect(r.rounds).toBeLessThan(5_000_000);
          expect(Number.isFinite(r.ev)).toBe(true);
        } else {
          expect(out).toMatch(/note: stopped by Ctrl-C after [\d,]+ of the 50,000,000 rounds asked/);
          expect(out).toContain('EV per round');
          expect(out).not.toContain('more rounds than');
        }
      }
    }
  }, 120_000);

  it('says why more rounds were played than asked, and prints each number once', async () => {
    const c = io();
    expect(await run(['--rounds', '300000', '--threads', '1', '--bankroll', '100'], c.io)).toBe(0);
    const out = c.out.join('');
    const rounds = Number(/^rounds\s+([\d,]+)$/m.exec(out)?.[1]?.replace(/,/g, ''));
    expect(rounds).toBeGreaterThan(300000);
    expect(out).toContain(`note: ${(rounds - 300000).toLocaleString('en-US')} more rounds than the 300,000 asked: each chunk of up to 131,072 rounds deals its shoe to the end; each risk-of-ruin trip`);
    expect(out.split(rounds.toLocaleString('en-US')).length - 1).toBe(1);
    expect(out).not.toContain('rounds bet on'); // no wonging: every round dealt is bet on
    // Continuous shuffle and no bankroll: exactly the rounds asked, no note.
    const csm = io();
    expect(await run(['--rounds', '300000', '--threads', '1', '--csm'], csm.io)).toBe(0);
    expect(csm.out.join('')).toMatch(/^rounds\s+300,000$/m);
    expect(csm.out.join('')).not.toContain('note:');
  }, 60_000);

  it('the simulated risk of ruin comes with its standard error and the number of trips', async () => {
    const c = io();
    expect(await run(['--rounds', '300000', '--threads', '1', '--spread', '{"-inf":1,"2":4}', '--bankroll', '50'], c.io)).toBe(0);
    const line = /^risk of ruin \(simulated\)\s+(.*)$/m.exec(c.out.join(''))?.[1] ?? '';
    const m = /^([\d.]+)% ± ([\d.]+)% \(SE\) before doubling: (\d+) of ([\d,]+) trips lost/.exec(line);
    expect(m, line).not.toBeNull();
    const [p, se, lost, trips] = [Number(m?.[1]) / 100, Number(m?.[2]) / 100, Number(m?.[3]), Number(m?.[4]?.replace(/,/g, ''))];
    expect(trips).toBeGreaterThan(10);
    expect(lost / trips).toBeCloseTo(p, 4);
    expect(se).toBeCloseTo(Math.sqrt((p * (1 - p)) / trips), 4);
  }, 60_000);

  it('wonging: the rounds bet on are shown beside the rounds dealt', async () => {
    const c = io();
    expect(await run(['--rounds', '200000', '--threads', '1', '--wong-in', '1'], c.io)).toBe(0);
    const out = c.out.join('');
    expect(out.split('\n')[0]).toContain('wong in at +1');
    expect(out).toMatch(/^rounds bet on \(wonging\)\s+[\d,]+ \([\d.]+%\)$/m);
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
    // Issue 38's options, under the names the table's settings and bj indices use.
    for (const flag of ['--resolution R', '--rounding R', '--wong-out TC', '--midshoe-entry', '--spots JSON', '--other-players N', '--rounds-per-shoe N', '--cut-card-spread D', '--grid JSON', '--rounds-per-hour N', '--trip-hours H', '--early-surrender WHEN']) expect(text).toContain(`  ${flag}`);
  });

  it('a grid cell is the single run with its params and seed, bit for bit; the best SCORE is marked', async () => {
    const base = ['--rounds', '100000', '--seed', '5', '--bankroll', '300', '--json'];
    const grid = { spread: [{ '-inf': 1, '2': 4 }, { '-inf': 1, '2': 8 }], 'rules.shufflePoint': [0.25, 0.17] };
    const g = io();
    expect(await run([...base, '--threads', '2', '--grid', JSON.stringify(grid)], g.io)).toBe(0);
    const answer = JSON.parse(g.out.join('')) as { bestByScore: number | null; cells: ({ params: Record<string, unknown> } & Record<string, unknown>)[] };
    expect(answer.cells.map((c) => c.params)).toEqual([
      { spread: grid.spread[0], 'rules.shufflePoint': 0.25 },
      { spread: grid.spread[0], 'rules.shufflePoint': 0.17 },
      { spread: grid.spread[1], 'rules.shufflePoint': 0.25 },
      { spread: grid.spread[1], 'rules.shufflePoint': 0.17 },
    ]);
    const strip = (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, seconds: 0, roundsPerSecond: 0, threads: 0 });
    const cell = answer.cells[3] as Record<string, unknown>;
    const single = io();
    expect(await run([...base, '--threads', '1', '--spread', '{"-inf":1,"2":8}', '--rules', '{"shufflePoint":0.17}'], single.io)).toBe(0);
    const { params: _p, ...figures } = cell;
    expect(strip(figures)).toEqual(strip(JSON.parse(single.out.join('')) as Record<string, unknown>));
    for (const c of answer.cells) for (const k of ['score', 'scoreStdErr', 'sdStdErr', 'n0StdErr', 'perHour']) expect(c).toHaveProperty(k);
    const scores = answer.cells.map((c) => ((c.ev as number) > 0 ? (c.score as number) : -Infinity));
    expect(answer.bestByScore).toBe(scores.indexOf(Math.max(...scores)));
  }, 60_000);

  it('--early-surrender sets the rules field: the settings line names it and early surrender against any upcard gains', async () => {
    const runs = [];
    for (const es of [[], ['--early-surrender', 'all']]) {
      const c = io();
      expect(await run(['--rounds', '200000', '--threads', '1', '--seed', '3', '--rules', '{"surrenderAllowed":false}', ...es, '--json'], c.io)).toBe(0);
      runs.push(JSON.parse(c.out.join('')) as { settings: string; ev: number; rules: { earlySurrender: string } });
    }
    const [none, all] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(none.rules.earlySurrender).toBe('none');
    expect(all.rules.earlySurrender).toBe('all');
    expect(all.settings).toMatch(/\bES\b/);
    expect(none.settings).not.toMatch(/\bES\b/);
    // Full early surrender is worth about +0.6% (Wizard of Odds); the same seed's noise mostly cancels.
    expect(all.ev - none.ev).toBeGreaterThan(0.003);
  }, 60_000);

  it('--resolution and --rounding set the true count as in bj indices, and the settings line says so', async () => {
    const runs = [];
    for (const tc of [[], ['--resolution', 'full', '--rounding', 'truncate']]) {
      const c = io();
      expect(await run(['--rounds', '100000', '--threads', '1', '--spread', '{"-inf":1,"2":4}', ...tc, '--json'], c.io)).toBe(0);
      runs.push(JSON.parse(c.out.join('')) as { settings: string; trueCount: unknown; perTrueCount: { tc: number; rounds: number }[] });
    }
    const [half, full] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(half.trueCount).toEqual({ resolution: 'half', rounding: 'floor' });
    expect(full.trueCount).toEqual({ resolution: 'full', rounding: 'truncate' });
    expect(full.settings).toContain('true count full decks, truncate');
    // Truncating moves every count in (-1, 0) to 0: fewer rounds at -1 than flooring gives.
    const at = (r: typeof half, tc: number) => r.perTrueCount.find((x) => x.tc === tc)?.rounds ?? 0;
    expect(at(full, -1)).toBeLessThan(at(half, -1));
  }, 60_000);

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
      [['--resolution', 'quarter'], /--resolution must be exact, half or full/],
      [['--rounding', 'up'], /--rounding must be/],
      [['--wong-in', '1', '--wong-out', '2'], /wong-out \(2\) must be at or below wong-in \(1\)/],
      [['--midshoe-entry'], /--midshoe-entry goes with --wong-out/],
      [['--spots', '{"-inf":8}'], /spots for -inf must be a whole number 1..7/],
      [['--other-players', '7'], /--other-players/],
      [['--other-players', '4', '--spots', '{"-inf":1,"3":4}'], /do not fit/],
      [['--rounds-per-shoe', '0'], /--rounds-per-shoe/],
      [['--early-surrender', 'late'], /--early-surrender must be none, vs10 or all/],
      [['--cut-card-spread', '9'], /--cut-card-spread/],
      [['--grid', '{"spread":[]}'], /--grid: grid option spread needs a non-empty list/],
      [['--grid', '{"threads":[1,2]}'], /--grid: threads is not an option a grid can vary/],
      [['--grid', '{"rules.numDecks":[0]}'], /numDecks/],
    ];
    for (const [argv, message] of cases) {
      const c = io();
      expect(await run(argv, c.io), argv.join(' ')).toBe(2);
      expect(c.err.join(''), argv.join(' ')).toMatch(message);
      expect(c.out.join(''), argv.join(' ')).toBe('');
    }
  });

  it('spawned with stderr on a pipe: the report on stdout, nothing on stderr', () => {
    const res = spawnSync('node_modules/.bin/tsx', ['packages/engine/cli/main.ts', 'simulate', '--rounds', '300000', '--threads', '1'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^6D S17 DAS LS 3:2, 75% pen; Hi-Lo, flat bet, basic strategy\n/);
    expect(res.stderr).toBe('');
  }, 60_000);

  it('on a terminal (script(1) gives it one): a progress bar, and Ctrl-C prints the partial result', async () => {
    // `script` runs the command on a pseudo-terminal; writing ^C to it is the user's Ctrl-C.
    const child = spawn('script', ['-qec', `${BJ} simulate --rounds 1000000000 --threads 1`, '/dev/null'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let pressed = false;
    const code = await new Promise<number | null>((resolve) => {
      const giveUp = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // The bar shows once the run is under way; press Ctrl-C when it has counted some rounds.
        if (!pressed && /\| [1-9][\d,]*\/1,000,000,000 rounds \| ETA/.test(out)) {
          pressed = true;
          child.stdin.write('\x03');
        }
      });
      child.on('exit', (c) => {
        clearTimeout(giveUp);
        resolve(c);
      });
    });
    expect(pressed, out.slice(-500)).toBe(true);
    expect(code).toBe(130);
    expect(out).toMatch(/\[[-█░=#\s]*\] 0% \| [\d,]+\/1,000,000,000 rounds/);
    expect(out).toMatch(/note: stopped by Ctrl-C after [\d,]+ of the 1,000,000,000 rounds asked/);
    expect(out).toContain('per true count');
  }, 120_000);
});
