// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_ROUTES, FIRST_LOAD_SCRIPTS_MAX, firstLoad, readChunkModules } from '../../build/first-load.ts';

// The real production build (the app's own vite.config.ts, with its manifest), measured as the
// browser downloads it: a change that pushes a first screen past its budget fails here.
const webRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('first load of each first screen, from the production build', () => {
  let outDir = '';
  beforeAll(async () => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'cc-first-load-'));
    // Vitest runs with NODE_ENV=test, which would build React's development bundles.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: webRoot, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(Object.entries(FIRST_LOAD_ROUTES))('%s stays within its budget of gzipped JavaScript', (route, lazyModules) => {
    const load = firstLoad(outDir, lazyModules);
    const budget_kb = FIRST_LOAD_BUDGET_KB[route as keyof typeof FIRST_LOAD_ROUTES];
    const listing = load.js.map((f) => `${f.file} ${(f.gzip_bytes / 1024).toFixed(1)} KB`).join(', ');
    expect(load.modules.length).toBeGreaterThan(50);
    expect(load.js_gzip_bytes / 1024, `${route}: ${listing}`).toBeLessThanOrEqual(budget_kb);
  });

  it.each(Object.entries(FIRST_LOAD_ROUTES))('%s fetches no more scripts than its bound', (route, lazyModules) => {
    const load = firstLoad(outDir, lazyModules);
    expect(load.js.length, load.js.map((f) => f.file).join(', ')).toBeLessThanOrEqual(FIRST_LOAD_SCRIPTS_MAX[route as keyof typeof FIRST_LOAD_ROUTES]);
  });

  it('/login does not download the table, the simulator, the charts, the purchase dialog or the auth client', () => {
    const login = firstLoad(outDir, FIRST_LOAD_ROUTES['/login']).modules;
    const lazyOnes = Object.values(readChunkModules(outDir))
      .flat()
      .filter((module) => /better-auth|features\/game\/|features\/simulator\/|uplot|purchase-modal|stripe/.test(module));
    expect(lazyOnes.length).toBeGreaterThanOrEqual(60);
    expect(login.filter((module) => lazyOnes.includes(module))).toEqual([]);
  });

  it('no other route downloads code only the table runs (build/route-chunks.ts)', () => {
    for (const page of ['simulator/components/simulator-page.tsx', 'trainer/components/trainer-page.tsx', 'profile/components/profile-page.tsx', 'leaderboard/components/leaderboard-page.tsx']) {
      const other = firstLoad(outDir, ['src/app/layout/app-layout.tsx', `src/features/${page}`]);
      const tableOnly = other.modules.filter((module) => module.startsWith('src/features/game/'));
      expect(tableOnly, page).toEqual([]);
      // 12 at most: the simulator's 12th is the player's result per count (shared/record/by-true-count.ts),
      // a chunk of its own since the table reads it lazily too.
      expect(other.js.length, page).toBeLessThanOrEqual(12);
    }
  });

  it('every first screen carries React DOM, the runtime the app is written for (docs/decisions/0047)', () => {
    for (const [route, lazyModules] of Object.entries(FIRST_LOAD_ROUTES)) {
      const modules = firstLoad(outDir, lazyModules).modules;
      expect(modules.filter((module) => /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(module)), route).toHaveLength(1);
      expect(modules.filter((module) => /[\\/]preact[\\/]/.test(module)), route).toEqual([]);
    }
    // And its code is in the files served, not only in the list: every production React error points at react.dev/errors.
    const assets = path.join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.filter((f) => readFileSync(path.join(assets, f), 'utf8').includes('react.dev/errors')).length).toBeGreaterThan(0);
  });
});
