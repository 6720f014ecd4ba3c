// `bj indices`: run() with captured output, on the precomputed default-rules table (instant).
import { describe, expect, it } from 'vitest';
import { run } from '../cli/indices.ts';
import { run as simulate } from '../cli/simulate.ts';
import type { CliIo } from '../cli/args.ts';

function capture(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}

describe('bj indices', () => {
  it('--json prints the plays with hand, up, play, index and direction, and the insurance index', async () => {
    const io = capture();
    expect(await run(['--count', 'hilo', '--json'], io)).toBe(0);
    const t = JSON.parse(io.stdout()) as { plays: Record<string, unknown>[]; insurance: number; count: string };
    expect(t.count).toBe('hi-lo');
    expect(typeof t.insurance).toBe('number');
    const p16 = t.plays.find((p) => p.hand === '16' && p.up === '10');
    expect(p16).toMatchObject({ play: 'stand', otherwise: 'hit', direction: 'at-or-above' });
    expect(typeof p16?.index).toBe('number');
    const tens = t.plays.find((p) => p.hand === '10,10' && p.up === '6');
    expect(tens).toMatchObject({ play: 'split' });
    const p12v4 = t.plays.find((p) => p.hand === '12' && p.up === '4');
    expect(p12v4).toMatchObject({ play: 'hit', otherwise: 'stand', direction: 'at-or-below' });
  });

  it('prints a readable table with each crossing and its standard error', async () => {
    const io = capture();
    expect(await run([], io)).toBe(0);
    expect(io.stdout()).toMatch(/index plays for hi-lo, decided on the true count \(half decks, floor\)/);
    expect(io.stdout()).toMatch(/16\s+10\s+stand\s+>= -?\d+\s+hit\s+-?\d+\.\d\d ± \d\.\d\d/);
  });

  it('--help prints the usage; a bad count is an input error', async () => {
    const io = capture();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.stdout()).toMatch(/usage: bj indices/);
    const bad = capture();
    expect(await run(['--count', 'nope'], bad)).toBe(2);
    expect(bad.stderr()).toMatch(/--count must be one of/);
  });

  it('bj simulate --indices generated plays the generated table (the precomputed one here)', async () => {
    const io = capture();
    expect(await simulate(['--rounds', '20000', '--threads', '1', '--indices', 'generated', '--json'], io)).toBe(0);
    const r = JSON.parse(io.stdout()) as { indices: string; insurance: string; rounds: number };
    expect(r).toMatchObject({ indices: 'generated', insurance: 'index' });
    expect(io.stderr()).not.toMatch(/generating/);
  }, 60_000);
});
