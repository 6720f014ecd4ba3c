/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every compressible file of the build, once, at
 * build time, so the server sends them as they are (`@fastify/static` `preCompressed`) instead
 * of compressing on every request or not at all. Brotli at its best quality costs seconds here
 * and nothing per request. Files under MIN_SIZE_bytes are left alone: a compressed copy saves
 * less than a packet.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|webmanifest|txt)$/;
const MIN_SIZE_bytes = 1024;
/** The build output is a few dozen files; a deeper or larger tree is a mistake in the path. */
const MAX_FILES = 5000;

export interface CompressedFile {
  file: string;
  raw_bytes: number;
  br_bytes: number;
  gz_bytes: number;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else out.push(p);
      if (out.length > MAX_FILES) throw new Error(`compress-assets: more than ${MAX_FILES} files under ${dir}`);
    }
  }
  return out;
}

/** Compresses every eligible file under `dir` in place (x.js -> x.js.br, x.js.gz). */
export function compressDir(dir: string): CompressedFile[] {
  const done: CompressedFile[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_SIZE_bytes) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    done.push({ file: path.relative(dir, file), raw_bytes: raw.length, br_bytes: br.length, gz_bytes: gz.length });
  }
  return done;
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'card-counter:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDir(outDir);
    },
  };
}
