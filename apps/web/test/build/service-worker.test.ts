// The build's service worker (apps/web/build/service-worker.ts, decision record 0034): what it
// keeps for offline use, and a version that follows the files.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precacheList, renderServiceWorker } from '../../build/service-worker.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cc-sw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

describe('precacheList', () => {
  write('index.html', '<html></html>');
  write('assets/index-abc.js', 'console.log(1)');
  write('assets/index-abc.js.br', 'x');
  write('assets/index-abc.js.gz', 'x');
  write('icons/icon-192.png', 'png');
  write('manifest.webmanifest', '{}');
  write('sw.js', 'old worker');

  it('lists the shell as / and every built file, not the compressed copies or the worker itself', () => {
    expect(precacheList(dir).urls).toEqual(['/', '/assets/index-abc.js', '/icons/icon-192.png', '/manifest.webmanifest']);
  });

  it('has a new version when any kept file changes, index.html included, and the same one otherwise', () => {
    const first = precacheList(dir).version;
    expect(precacheList(dir).version).toBe(first);
    write('index.html', '<html><body></body></html>');
    const second = precacheList(dir).version;
    expect(second).not.toBe(first);
    write('manifest.webmanifest', '{"name":"x"}');
    expect(precacheList(dir).version).not.toBe(second);
  });
});

describe('renderServiceWorker', () => {
  const template = readFileSync(path.join(import.meta.dirname, '../../build/service-worker.js'), 'utf8');

  it('fills in the list and the version, and never answers /api', () => {
    const sw = renderServiceWorker(template, { urls: ['/', '/assets/a.js'], version: 'v1' });
    expect(sw).toContain('const VERSION = "v1";');
    expect(sw).toContain('const PRECACHE_URLS = ["/","/assets/a.js"];');
    expect(sw).toContain("pathname.startsWith('/api/')");
  });

  it('stops the build when a placeholder is missing from the template', () => {
    expect(() => renderServiceWorker("const VERSION = '__VERSION__';", { urls: [], version: 'v' })).toThrow(/placeholder/);
  });
});
