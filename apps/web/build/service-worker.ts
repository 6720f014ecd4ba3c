/**
 * Writes dist/sw.js, the installable-app service worker (decision record 0034), from
 * service-worker.js: the list of files it keeps for offline use and a version that changes
 * whenever one of them does (so the browser sees a new worker after every changed build).
 * Every build writes it; the server serves it only with INSTALLABLE_APP=on.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
const TEMPLATE = new URL('./service-worker.js', import.meta.url);
/**
 * The build's own compressed copies (compress-assets.ts) are the same files; the worker itself is
 * not its own content; `.vite/` holds the build's records (its manifest, route-chunks.ts's map), which no page reads.
 */
const LEFT_OUT = /\.(br|gz|map)$|^sw\.js$|^index\.html$|^\.vite\//;

function relativeFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...relativeFiles(full, `${prefix}${name}/`));
    else out.push(`${prefix}${name}`);
  }
  return out;
}

/** What the worker keeps: the shell ('/': the server adds the flag to index.html) and every built file. */
export function precacheList(dir: string): { urls: string[]; version: string } {
  const files = relativeFiles(dir).filter((file) => !LEFT_OUT.test(file));
  const hash = createHash('sha256');
  for (const file of [...files, 'index.html']) hash.update(file).update(readFileSync(path.join(dir, file)));
  return { urls: ['/', ...files.map((file) => `/${file}`)], version: hash.digest('hex').slice(0, 16) };
}

const PLACEHOLDERS = { version: "'__VERSION__'", urls: "['__PRECACHE_URLS__']" } as const;

export function renderServiceWorker(template: string, list: { urls: string[]; version: string }): string {
  for (const placeholder of Object.values(PLACEHOLDERS)) {
    if (template.split(placeholder).length !== 2) throw new Error(`service-worker.js: the placeholder ${placeholder} is not there once`);
  }
  // Functions, not strings: a `$` in a file name must not read as a replacement pattern.
  return template.replace(PLACEHOLDERS.version, () => JSON.stringify(list.version)).replace(PLACEHOLDERS.urls, () => JSON.stringify(list.urls));
}

export function serviceWorker(): Plugin {
  let outDir = '';
  let failed = false;
  return {
    name: 'card-counter:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    closeBundle: {
      // Before compress-assets, whose copies would otherwise be listed.
      order: 'pre',
      handler() {
        // closeBundle runs after a failed build too, which wrote no index.html: reading it would
        // replace the build's own error (e.g. build/no-classic-zod.ts's) with an ENOENT.
        if (failed) return;
        const sw = renderServiceWorker(readFileSync(TEMPLATE, 'utf8'), precacheList(outDir));
        writeFileSync(path.join(outDir, SERVICE_WORKER_FILE), sw);
      },
    },
  };
}
