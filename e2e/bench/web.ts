/**
 * `npm run bench:web`: builds the web app for production, serves it with the real server (on
 * PGlite, in a scratch directory), and prints what each first screen downloads (gzipped
 * JavaScript, from the build's manifest: the same figure the size test holds) and Lighthouse's
 * scores (mobile profile, Debian's Chromium) for /login and for / as a guest: the median of
 * --runs runs (default 3) of performance, accessibility and best practices with LCP, TBT and CLS.
 *
 *   npm run bench:web
 *   npm run bench:web -- --runs 5
 *   npm run bench:web -- --reports /tmp/lh   (keeps each Lighthouse JSON report there)
 *
 * Lighthouse is a measurement, not a test: run it on a quiet machine (`uptime` is printed) and
 * compare runs of the same day. It is fetched by npx at the version that runs on Node 20
 * (12.2.3; 13 needs Node 22), so `npm ci` does not carry it. Lighthouse clears the cache but not
 * localStorage: the guest is measured with a browser profile in which "Play as guest" was pressed,
 * copied afresh for each run.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_ROUTES, firstLoad } from '../../apps/web/build/first-load.ts';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROMIUM = '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS_MAX = 15;
const LIGHTHOUSE_ATTEMPTS = 3;
const STARTUP_TIMEOUT_ms = 90_000;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
}

/** `--reports DIR`: where to keep the Lighthouse reports (the long tasks, the bootup time). */
function reportsArg(): string | null {
  const i = process.argv.indexOf('--reports');
  return i < 0 ? null : (process.argv[i + 1] ?? null);
}

function runsArg(): number {
  const i = process.argv.indexOf('--runs');
  const runs = i < 0 ? 3 : Number(process.argv[i + 1]);
  if (!Number.isInteger(runs) || runs < 1 || runs > RUNS_MAX) throw new Error(`--runs must be 1..${RUNS_MAX}`);
  return runs;
}

function buildWeb(outDir: string): void {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function startServer(webDist: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: ORIGIN, DATA_DIR: dataDir, WEB_DIST_DIR: webDist },
    stdio: 'ignore',
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy');
}

/** A Chromium profile whose localStorage holds a guest session of this origin. */
async function guestProfile(dir: string): Promise<void> {
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.waitForURL(`${ORIGIN}/`);
  await context.close();
}

function lighthouse(url: string, profileDir: string | null, reportFile: string): Scores {
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', ...(profileDir ? [`--user-data-dir=${profileDir}`] : [])];
  execFileSync(
    'npx',
    ['-y', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${reportFile}`, '--only-categories=performance,accessibility,best-practices', `--chrome-flags=${flags.join(' ')}`],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  const lhr = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp_ms: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt_ms: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/**
 * Lighthouse now and then fails to record its trace on this Chromium ("NO_NAVSTART"), a fault of
 * the recording, not of the page: such a run is repeated, a few times at most, and said so.
 */
function withRetries(what: string, run: (attempt: number) => Scores): Scores {
  for (let attempt = 1; ; attempt++) {
    try {
      return run(attempt);
    } catch (error) {
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.error(`  ${what}: Lighthouse failed (attempt ${attempt} of ${LIGHTHOUSE_ATTEMPTS}), run again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function printSizes(webDist: string): void {
  console.log('\nFirst load (gzipped JavaScript; goals 110, 150 and 185 KB, docs/decisions/0047):');
  for (const [route, lazyModules] of Object.entries(FIRST_LOAD_ROUTES)) {
    const load = firstLoad(webDist, lazyModules);
    const budget = FIRST_LOAD_BUDGET_KB[route as keyof typeof FIRST_LOAD_ROUTES];
    console.log(`  ${route}: ${(load.js_gzip_bytes / 1024).toFixed(1)} KB (budget ${budget}), CSS ${(load.css_gzip_bytes / 1024).toFixed(1)} KB`);
    for (const f of load.js) console.log(`      ${(f.gzip_bytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  }
}

async function main(): Promise<void> {
  const runs = runsArg();
  const keep = reportsArg();
  const scratch = mkdtempSync(path.join(tmpdir(), 'cc-bench-web-'));
  const webDist = path.join(scratch, 'dist');
  let server: ChildProcess | null = null;
  try {
    buildWeb(webDist);
    printSizes(webDist);
    server = await startServer(webDist, path.join(scratch, 'data'));
    const guest = path.join(scratch, 'guest-profile');
    await guestProfile(guest);
    console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} (mobile), median of ${runs}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('  page           perf  a11y  best   LCP ms  TBT ms    CLS');
    for (const [label, url, asGuest] of [['/login', `${ORIGIN}/login`, false], ['/ as guest', `${ORIGIN}/`, true]] as const) {
      const all: Scores[] = [];
      for (let run = 0; run < runs; run++) {
        const report = path.join(scratch, `report-${run}.json`);
        all.push(
          withRetries(`${label} run ${run + 1}`, (attempt) => {
            const profile = asGuest ? path.join(scratch, `guest-run-${run}-${attempt}`) : null;
            if (profile) cpSync(guest, profile, { recursive: true });
            return lighthouse(url, profile, report);
          }),
        );
        if (keep !== null) {
          mkdirSync(keep, { recursive: true });
          cpSync(report, path.join(keep, `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${run + 1}.json`));
        }
      }
      const m = (key: keyof Scores) => median(all.map((s) => s[key]));
      console.log(
        `  ${label.padEnd(13)} ${String(m('performance')).padStart(4)}  ${String(m('accessibility')).padStart(4)}  ${String(m('bestPractices')).padStart(4)}  ${m('lcp_ms').toFixed(0).padStart(7)}  ${m('tbt_ms').toFixed(0).padStart(6)}  ${m('cls').toFixed(3).padStart(5)}`,
      );
    }
    console.log(`  load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    server?.kill('SIGTERM');
    if (existsSync(scratch)) rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
