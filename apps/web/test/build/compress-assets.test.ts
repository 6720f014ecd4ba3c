import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDir } from '../../build/compress-assets.ts';

describe('compressDir (the build writes .br and .gz beside each large file)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes copies that decompress to the file, skips small and binary files', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cc-compress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const table = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `card-${i}`))};`;
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dir, 'assets', 'felt.png'), Buffer.alloc(4096, 7));

    const done = compressDir(dir);

    expect(done.map((d) => d.file)).toEqual([path.join('assets', 'index-abc.js')]);
    const file = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(done[0]?.br_bytes).toBeLessThan(js.length / 3);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'felt.png.br'))).toBe(false);
  });
});
