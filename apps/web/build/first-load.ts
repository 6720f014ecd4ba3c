/**
 * What a page downloads before it can do anything, read from a build: the entry chunk, every
 * chunk it imports statically (module preloads), the scripts index.html loads itself, and the
 * lazy chunks a route renders at once (with their static imports), measured gzipped. The size
 * test and `npm run bench:web` both use it, so the figure in the note is the figure the test holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHUNK_MODULES_FILE } from './route-chunks.ts';

/** The first screens and the lazy modules each renders before it is usable. */
export const FIRST_LOAD_ROUTES = {
  '/login': [],
  '/ (signed in, the table)': ['src/app/layout/app-layout.tsx', 'src/features/game/components/game-page.tsx'],
  // The table a guest plays in the browser: also the browser's engine and the coach's, which
  // the startup screen asks for beside the page (app/game-modes.tsx).
  '/ (a guest, the table)': [
    'src/app/layout/app-layout.tsx',
    'src/features/game/components/game-page.tsx',
    'src/features/game/api/local-table-source.ts',
    'src/features/game/model/coach-engine.ts',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The most gzipped JavaScript each first screen may download, in KB (1024 bytes). The goal (on
 * React DOM, issue 36) is at most 110 for /login, 150 for the table and 185 for a guest's; these hold what has been reached, so a change cannot add to the first
 * load unseen. Lower them as the first load shrinks. Raising one takes its reason here: the
 * table's went from 215 to 220 with the full table, bet grades, test mode and the keys (issue
 * 25: +12 KB, after their chart, settings and report dialog were made lazy chunks), and to 221
 * with a count of the player's own (issue 26: the engine's custom count, which the table itself
 * counts with, and the contract's checks of it, +0.9 KB; BC, PE and IC are worked out in a
 * worker, so that code stays out), and to 222 with the table's words for a screen reader
 * (issue 27: model/announce.ts and its log, +0.8 KB). Issue 27 then cut it (docs/decisions/0036):
 * the engine is marked side-effect free, so importing one name through its index no longer puts
 * every engine module the index re-exports into the chunks the table shares with the trainer and
 * simulator (218, -4.2 KB); zod's JSON Schema output, which the app never asks for, is stubbed out
 * of the build (build/zod-without-json-schema.ts: /login 141, table 213, -5.2 KB each); the app routes with
 * BrowserRouter and useRoutes instead of the data router it never used (/login 125, table 197,
 * -16 KB each); the browser's engine (reducer, dealing, settling) loads only for a table that plays
 * locally, never at the server's table (table 192, -5 KB); sign-up, password reset and email
 * verification are chunks of their own (/login 124, table 191, -1.1 KB each); the coach's exact
 * analysis and index tables arrive as a chunk after the table shows (game/model/coach-engine.ts),
 * the engine's bet grade and shoe view no longer import them (coach/credits.ts,
 * known-composition.ts, advantage-basis.ts), and the chart's main-thread fallback is imported
 * only when no worker can build it (table 176, -14 KB); PLAYER_ACTIONS, which the table's move
 * list names, moved out of the engine's analysis/hand-ev.ts into analysis/actions.ts (table 166,
 * -10 KB); the admin guard and useAppConfig left the entry, so react-query's observer is no
 * longer in /login's first load (/login 121, -2.8 KB; the table +0.8 KB in a shared chunk); zod's
 * object validator compiler, dead with jitless, and react-router's Form, which the app never
 * renders, are dropped from the build (build/unused-library-code.ts: /login 119, table 164,
 * -1.1 and -1.3 KB each); the shoe proof imports the engine's shoe check (sha256) when the player
 * first asks for it (game/model/shoe-verify.ts: table 161, -3.0 KB); the app's own Link and
 * NavLink (shared/ui/link.tsx) leave out react-router's, which carry its framework mode (-1.8 and
 * -1.7 KB); the contract's schemas are
 * zod/mini, whose schemas carry no methods, instead of classic zod, which carried all of zod into
 * every page that parses (packages/shared/src/zod.ts, docs/decisions/0039: zod's chunk 18.9 -> 11.5
 * KB; /login 110, table 152, -7.3 and -7.2 KB); with no classic zod, the jitless script in
 * index.html's head went (/login 109, table 151, -0.4 KB each); the app, still written against
 * React's API, ran on Preact's compat layer instead of React DOM (docs/decisions/0040: /login
 * 52.6, table 94.1, -56.3 and -56.7 KB), which meets the goal of 120 for both; the chunks are cut
 * by what each screen needs (build/route-chunks.ts, docs/decisions/0041: the same modules in 1,
 * 4 and 8 files instead of 7, 19 and 28; /login 49.8, table 89.0, a guest's table 125.3 KB
 * instead of 52.6, 94.1 and 130.8, what each file's own wrapping cost). Then the app went back
 * to React DOM 19, the runtime it is written for (docs/decisions/0047: React DOM with its
 * scheduler is about 56 KB more than Preact in every first load; /login 106.1, table 145.7, a
 * guest's table 182.0 KB). Issue 35's fairness work merged beside it (bets in the rules' steps,
 * the practice notes of count checks and drills, the shoe's reserve) brought the tables to 150.2
 * and 183.6 KB; the table's knowledge of the shoe's reserve (SHOE_RESERVE_CARDS,
 * visibleShoeSpent) then moved out of the engine's shoe.ts into shoe-reserve.ts, so the signed-in
 * table, which never shuffles, no longer downloads the shoe's shuffling, the RNG and SHA-256
 * (table 147.1, -3.1 KB; a guest's table 183.7, +0.1 KB: its local table shuffles). Issue
 * 37's rules (docs/decisions/0050: early surrender's question before the peek, the no-hole-card
 * dealer and its losses, even money, the continuous shuffler; 0051: the ace side count's bet)
 * live in the browser's reducer and the coach's engine, which a guest's table runs from its
 * first screen: the guest's table went to 186.6 KB and the signed-in one to 148.0 (the reducer's chunk +0.6, the coach's
 * shared chunk +0.6, the table's shared chunk +0.4, the contract's rules). What only those rules
 * show is a lazy chunk
 * (game/components/rule-notes.tsx), and the insurance and early-surrender verdicts moved into the
 * coach's chunk (model/insurance-verdict.ts, model/early-surrender-verdict.ts). Issue 40's
 * tournaments added their two lazy routes to the entry, seven error messages to the contract's
 * catalogue and the table's chips-or-credits terms and routes (+0.7 KB to a guest's table; the
 * pages themselves and the tournament's table are chunks of their own), and the simulator's
 * table settings merged beside them (a guest's table 187.2, the signed-in one 148.6). The
 * committed index tables, which a guest's coach reads from its first screen, then kept their
 * fitted crossings and errors to two decimals instead of seventeen digits of sampling noise
 * (indices/generate.ts storedIndexTable: the data's gzip 11.9 -> 3.9 KB; a guest's table 180.7).
 * Issue 39's table work then merged (the New shoe dialog's keys, the controls bar, fast keys
 * queued, the session totals from the server's report, the grade words): the signed-in table
 * 149.8, a guest's 182.3 (+1.2 and +1.6; the dialog and the new on-screen wording are lazy).
 * Issues 37-39's merges (the coach's full index set, the round replay's and the drills' error
 * codes, the player's result per count beside the coach) took the signed-in table to 151.8 and
 * a guest's to 185.1; the result per count, the bet's grade and the session's bets by the count
 * (both shown only with a ramp) and the deployment-configuration error screen are now chunks of
 * their own: /login 107.2, the signed-in table 150.0, a guest's 183.3 (2026-12-06).
 * The goal for React DOM is at most 110, 150 and 185; the budgets hold what is reached.
 */
export const FIRST_LOAD_BUDGET_KB: Record<keyof typeof FIRST_LOAD_ROUTES, number> = {
  '/login': 107.5,
  '/ (signed in, the table)': 150,
  '/ (a guest, the table)': 183.5,
};

/**
 * The most scripts each first screen may fetch. Over HTTP/1.1 a browser asks a host for 6 at a
 * time, so on a phone's network each further 6 cost a round trip before their bytes
 * (docs/decisions/0041): a change that scatters a screen into small chunks fails here.
 */
export const FIRST_LOAD_SCRIPTS_MAX: Record<keyof typeof FIRST_LOAD_ROUTES, number> = {
  '/login': 1,
  '/ (signed in, the table)': 4,
  '/ (a guest, the table)': 8,
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface FirstLoad {
  /** The modules downloaded, as paths from apps/web (`src/...`, `../../node_modules/...`). */
  modules: string[];
  js: { file: string; gzip_bytes: number }[];
  js_gzip_bytes: number;
  css_gzip_bytes: number;
}

function gzipBytes(file: string): number {
  // The build writes a .gz beside each large file (compress-assets.ts): what the server sends.
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Scripts index.html loads from public/ (not in the manifest); none today, counted if one comes back. */
function publicScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((src) => src !== '' && !src.startsWith('assets/'));
}

/** Each chunk's modules, written by the build (build/route-chunks.ts). */
export function readChunkModules(distDir: string): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(distDir, CHUNK_MODULES_FILE), 'utf8')) as Record<string, string[]>;
}

export function firstLoad(distDir: string, lazyModules: readonly string[]): FirstLoad {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunkModules = readChunkModules(distDir);
  // A lazy module is found by the chunk that holds it: in a group (route-chunks.ts) it has no
  // manifest entry of its own.
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keyOf = (module: string) => {
    const file = Object.entries(chunkModules).find(([, modules]) => modules.includes(module))?.[0];
    const key = file === undefined ? undefined : keyOfFile.get(file);
    if (key === undefined) throw new Error(`first-load: ${module} is in no chunk of the build (renamed?)`);
    return key;
  };
  const js = new Set<string>(publicScripts(distDir));
  const css = new Set<string>();
  const pending = ['index.html', ...lazyModules.map(keyOf)];
  for (let guard = 0; pending.length > 0; guard++) {
    if (guard > 10_000) throw new Error('first-load: the manifest import graph does not end');
    const key = pending.pop() as string;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first-load: ${key} is not in the build manifest`);
    if (js.has(chunk.file)) continue;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    pending.push(...(chunk.imports ?? []));
  }
  const sized = [...js].map((file) => ({ file, gzip_bytes: gzipBytes(path.join(distDir, file)) })).sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  return {
    modules: [...js].flatMap((file) => chunkModules[file] ?? []),
    js: sized,
    js_gzip_bytes: sized.reduce((a, f) => a + f.gzip_bytes, 0),
    css_gzip_bytes: [...css].reduce((a, f) => a + gzipBytes(path.join(distDir, f)), 0),
  };
}
