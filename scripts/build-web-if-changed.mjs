#!/usr/bin/env node
// @ts-check
// `npm start` runs this first: it builds the web app (`npm run build -w apps/web`) only when what
// the build reads changed since the last build, so a restart does not wait for Vite.
//
// Inputs, hashed by content with their paths (an edit, a new file, a deletion and a rename all
// count):
//   - every file under apps/web, packages/shared and packages/engine except node_modules/,
//     apps/web/dist/ and the stamp: sources, public/, index.html, vite.config.ts, package.json,
//     tsconfig.json, .env files. Tests and benches too: a needless rebuild costs about 2 s, a
//     missed input serves a stale app.
//   - package.json, package-lock.json and tsconfig.base.json at the root: dependency versions,
//     overrides, compiler settings.
//   - NODE_ENV and every VITE_* variable: Vite bakes them into the bundle.
// Output check: the sha-256 of apps/web/dist/index.html as built. Its asset names carry the
// bundle's hashes, so a `npm run build -w apps/web` run by hand from other sources no longer
// matches the stamp and the next start builds again.
//
// The stamp, apps/web/dist.stamp.json (next to dist/, not in it: the server serves dist/), is
// removed before a build starts and written only after it succeeded, with the inputs hashed
// before it started: a failed or interrupted build, or a source saved during one, rebuilds next
// time.
//
// Content, not modification times: git checkout, cp -p, tar and rsync -a can give a changed file
// an older time than the stamp, and a deleted file leaves no time behind.
//
// Usage: node scripts/build-web-if-changed.mjs [--root DIR]   (DIR: the repository, by default
// the one holding this script)
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const INPUT_DIRS = ['apps/web', 'packages/shared', 'packages/engine'];
export const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
export const DIST_DIR = 'apps/web/dist';
export const STAMP_FILE = 'apps/web/dist.stamp.json';
const SKIPPED_DIR_NAMES = new Set(['node_modules']);
const SKIPPED_PATHS = new Set([DIST_DIR, STAMP_FILE]);
// The three workspaces hold about 400 files; far more means a build output or a dependency
// tree got in, which would make every start slow instead of failing loudly.
const INPUT_FILES_MAX = 20_000;
const STAMP_VERSION = 1;

/**
 * The input files, as sorted repository-relative paths with forward slashes.
 * @param {string} root
 * @returns {string[]}
 */
export function listInputFiles(root) {
  /** @type {string[]} */
  const files = INPUT_FILES.filter((file) => existsSync(path.join(root, file)));
  /** @type {string[]} */
  const pending = [...INPUT_DIRS];
  while (pending.length > 0) {
    const dir = /** @type {string} */ (pending.pop());
    const absolute = path.join(root, dir);
    if (!existsSync(absolute)) continue;
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (SKIPPED_PATHS.has(relative)) continue;
      // A symbolic link counts as what it points to; a linked directory is not walked (no cycles).
      const isFile = entry.isFile() || (entry.isSymbolicLink() && linksToFile(path.join(root, relative)));
      if (isFile) files.push(relative);
      else if (entry.isDirectory() && !SKIPPED_DIR_NAMES.has(entry.name)) pending.push(relative);
      if (files.length + pending.length > INPUT_FILES_MAX) {
        throw new Error(
          `more than ${INPUT_FILES_MAX} web build inputs under ${root}: is a build output or node_modules in a workspace?`,
        );
      }
    }
  }
  return files.sort();
}

/**
 * @param {string} link
 * @returns {boolean}
 */
function linksToFile(link) {
  try {
    return statSync(link).isFile();
  } catch {
    return false; // a dangling link: nothing the build could read
  }
}

/**
 * One sha-256 over the input files (path and content) and the build's environment variables.
 * @param {string} root
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function hashInputs(root, env) {
  const hash = createHash('sha256');
  for (const file of listInputFiles(root)) {
    const content = createHash('sha256')
      .update(readFileSync(path.join(root, file)))
      .digest('hex');
    hash.update(`file ${file}\0${content}\n`);
  }
  const names = Object.keys(env).filter((name) => name === 'NODE_ENV' || name.startsWith('VITE_'));
  for (const name of names.sort()) hash.update(`env ${name}\0${env[name]}\n`);
  return hash.digest('hex');
}

/**
 * @typedef {{ version: number, inputs_sha256: string, dist_index_sha256: string }} Stamp
 * @typedef {{ build: boolean, reason: string }} Decision
 */

/**
 * Whether to build, from what the last successful build recorded and what is there now.
 * @param {{ stamp: Stamp | null, inputs_sha256: string, dist_index_sha256: string | null }} state
 * @returns {Decision}
 */
export function decideBuild({ stamp, inputs_sha256, dist_index_sha256 }) {
  if (dist_index_sha256 === null) return { build: true, reason: `no ${DIST_DIR}/index.html yet` };
  if (stamp === null || stamp.version !== STAMP_VERSION)
    return { build: true, reason: 'no record of the last build' };
  if (stamp.inputs_sha256 !== inputs_sha256)
    return { build: true, reason: 'its sources changed since the last build' };
  if (stamp.dist_index_sha256 !== dist_index_sha256) {
    return { build: true, reason: `${DIST_DIR} was built from other sources since` };
  }
  return { build: false, reason: 'up to date with its sources' };
}

/**
 * @param {string} file
 * @returns {string | null}
 */
function sha256OfFile(file) {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
}

/**
 * @param {string} file
 * @returns {Stamp | null}
 */
function readStamp(file) {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    const valid =
      typeof value === 'object' &&
      value !== null &&
      typeof value.version === 'number' &&
      typeof value.inputs_sha256 === 'string' &&
      typeof value.dist_index_sha256 === 'string';
    return valid ? value : null;
  } catch {
    return null; // missing or unreadable: the same as no record
  }
}

/**
 * Builds the web app under `root` when its inputs changed, and records the build.
 * @param {{ root: string, env: NodeJS.ProcessEnv, build: () => Promise<void> }} options
 * @returns {Promise<Decision>}
 */
export async function ensureWebBuild({ root, env, build }) {
  const stampFile = path.join(root, STAMP_FILE);
  const indexFile = path.join(root, DIST_DIR, 'index.html');
  const inputs_sha256 = hashInputs(root, env);
  const decision = decideBuild({
    stamp: readStamp(stampFile),
    inputs_sha256,
    dist_index_sha256: sha256OfFile(indexFile),
  });
  if (!decision.build) return decision;

  rmSync(stampFile, { force: true });
  await build();
  const dist_index_sha256 = sha256OfFile(indexFile);
  if (dist_index_sha256 === null)
    throw new Error(`the web build finished without writing ${DIST_DIR}/index.html`);
  /** @type {Stamp} */
  const stamp = { version: STAMP_VERSION, inputs_sha256, dist_index_sha256 };
  writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  return decision;
}

/**
 * `npm run build -w apps/web` in `root`, its output on this terminal.
 * @param {string} root
 * @returns {Promise<void>}
 */
function npmBuild(root) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run build -w apps/web failed (${signal ?? `exit status ${code}`})`));
    });
  });
}

async function main() {
  const rootIndex = process.argv.indexOf('--root');
  const root =
    rootIndex === -1
      ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
      : path.resolve(process.argv[rootIndex + 1] ?? '.');
  const started_ms = Date.now();
  const decision = await ensureWebBuild({ root, env: process.env, build: () => npmBuild(root) });
  const took_ms = Date.now() - started_ms;
  console.log(
    decision.build
      ? `web app built (${decision.reason}) in ${took_ms} ms`
      : `web app not rebuilt: ${decision.reason} (checked in ${took_ms} ms)`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
