import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../cli/simulate.ts';
import { indexSetFromCsv, indexSetFromJson } from '../cli/index-set-file.ts';
import { buildPlan, DEFAULT_RULES, INSURANCE_INDEX, indexPlays, publishedSetOf, runPlan, type FullIndexSet } from '../src/index.ts';

// `bj simulate --index-set FILE` (issue 37): a player's edited set, as the site exports it (JSON
// in the contract's shape, or its CSV), is what the run plays: editing 16 v 10 changes the run,
// and the two files of one set give the same run to the last digit.
const dir = mkdtempSync(join(tmpdir(), 'bj-index-set-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SET: FullIndexSet = publishedSetOf(indexPlays(DEFAULT_RULES), INSURANCE_INDEX);
/** The published 16 v 10 (stand at +0 and up), moved to stand at -20 and up: always stands. */
const EDITED: FullIndexSet = { ...SET, plays: SET.plays.map((p) => (p.hand === '16' && p.up === '10' ? { ...p, index: -20 } : p)) };

function csvOf(set: FullIndexSet): string {
  const lines = ['hand,up,play,versus,index,direction', ...set.plays.map((p) => [p.hand, p.up, p.play, p.versus, p.index, p.direction].join(','))];
  if (set.insurance !== null) lines.push(`insurance,A,insure,decline,${set.insurance},at-or-above`);
  return `${lines.join('\r\n')}\r\n`;
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) } };
}

async function simulate(indexSet: string): Promise<Record<string, unknown>> {
  const c = io();
  const code = await run(['--rounds', '30000', '--threads', '1', '--seed', '5', '--spread', '{"-inf":1,"2":4}', '--index-set', indexSet, '--json'], c.io);
  expect(c.err.join(''), indexSet).toBe('');
  expect(code).toBe(0);
  const r = JSON.parse(c.out.join('')) as Record<string, unknown>;
  return { ...r, seconds: 0, roundsPerSecond: 0, indices: null, settings: null };
}

describe('bj simulate --index-set FILE', () => {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads the JSON and the CSV of a set as the same plays and insurance', () => {
    expect(indexSetFromCsv(csvOf(SET), 'set.csv')).toEqual(indexSetFromJson(JSON.stringify(SET), 'set.json'));
  });

  it('JSON and CSV files of one set give identical runs; an edited 16 v 10 changes the run', async () => {
    const json = await simulate(file('set.json', JSON.stringify({ ...SET, source: 'published', subsets: [] })));
    const csv = await simulate(file('set.csv', csvOf(SET)));
    expect(csv).toEqual(json);
    const edited = await simulate(file('edited.csv', csvOf(EDITED)));
    expect(edited.ev).not.toBe(json.ev);
    expect(edited.hands).toBeGreaterThan(0);
  }, 60_000);

  it('names the set in the settings line and the JSON answer', async () => {
    const c = io();
    const path = file('mine.csv', csvOf(EDITED));
    expect(await run(['--rounds', '2000', '--threads', '1', '--index-set', path, '--json'], c.io)).toBe(0);
    const r = JSON.parse(c.out.join('')) as { settings: string; indices: string; indexSet: FullIndexSet };
    expect(r.settings).toContain(`index set mine.csv (${EDITED.plays.length} plays)`);
    expect(r.indices).toBe(`index set mine.csv (${EDITED.plays.length} plays)`);
    expect(r.indexSet).toEqual(EDITED);
  }, 30_000);

  it('refuses a bad file with the line and the field, and both option names at once', async () => {
    const bad = [
      ['up.csv', 'hand,up,play,versus,index,direction\r\n16,11,stand,hit,0,at-or-above\r\n', 'up.csv: line 2: up must be 2..10 or A'],
      ['index.json', JSON.stringify({ plays: [{ hand: '16', up: '10', play: 'stand', versus: 'hit', index: 'x', direction: 'at-or-above' }], insurance: 3 }), 'index.json: plays[0]: index must be a number'],
      ['header.csv', '16,10,stand,hit,0,at-or-above\r\n', 'starts with the line hand,up,play,versus,index,direction'],
      ['shape.json', '[1,2]', 'an index set is an object with "plays"'],
    ];
    for (const [name, text, message] of bad) {
      const c = io();
      expect(await run(['--rounds', '1000', '--index-set', file(name as string, text as string)], c.io), name).not.toBe(0);
      expect(c.err.join(''), name).toContain(message);
    }
    const both = io();
    expect(await run(['--rounds', '1000', '--indices', 'i18', '--index-set', 'i18'], both.io)).not.toBe(0);
    expect(both.err.join('')).toContain('--indices is the older name of --index-set');
    const missing = io();
    expect(await run(['--rounds', '1000', '--index-set', join(dir, 'nowhere.csv')], missing.io)).not.toBe(0);
    expect(missing.err.join('')).toContain('cannot read');
  }, 30_000);

  it('keeps --indices as the older name: the same run as --index-set', async () => {
    const a = io();
    const b = io();
    const argv = ['--rounds', '5000', '--threads', '1', '--seed', '3', '--json'];
    expect(await run([...argv, '--indices', 'i18+fab4'], a.io)).toBe(0);
    expect(await run([...argv, '--index-set', 'i18+fab4'], b.io)).toBe(0);
    const strip = (t: string) => ({ ...(JSON.parse(t) as Record<string, unknown>), seconds: 0, roundsPerSecond: 0 });
    expect(strip(b.out.join(''))).toEqual(strip(a.out.join('')));
  }, 30_000);
});

describe('a full set in the simulator plan', () => {
  it('plays soft hands and pairs of the set (the named plays have none): a set that doubles A,8 v 6 always changes the run', async () => {
    const rules = DEFAULT_RULES;
    const none: FullIndexSet = { plays: [], insurance: null };
    const a8: FullIndexSet = { plays: [{ hand: 'A8', up: '6', play: 'double', versus: 'stand', index: -20, direction: 'at-or-above' }], insurance: null };
    const o = { seed: 2, rounds: 20_000 };
    const [base, doubled] = await Promise.all([runPlan(buildPlan({ rules, fullSet: none }), o), runPlan(buildPlan({ rules, fullSet: a8 }), o)]);
    expect(doubled.ev).not.toBe(base.ev);
    // An empty set plays basic strategy: the same run as no index plays at all (insurance never).
    const basic = await runPlan(buildPlan({ rules, insuranceByIndex: false }), o);
    expect(base.ev).toBe(basic.ev);
    expect(() => buildPlan({ rules, fullSet: none, indices: 'i18' })).toThrow(RangeError);
  }, 60_000);
});
