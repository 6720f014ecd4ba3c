import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  decideBuild,
  ensureWebBuild,
  hashInputs,
  listInputFiles,
  STAMP_FILE,
} from '../build-web-if-changed.mjs';

const SCRIPT = path.join(import.meta.dirname, '..', 'build-web-if-changed.mjs');
const run = promisify(execFile);

// A repository in miniature: the three workspaces the web build reads, the root files, and a
// "build" that writes dist/index.html from the sources (as Vite's hashed asset names do) and
// counts its runs in builds.log, which is not an input.
let root: string;

function write(relative: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}

const BUILD_SCRIPT = `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const source = readFileSync('src/main.ts', 'utf8');
mkdirSync('dist', { recursive: true });
writeFileSync('dist/index.html', '<script src="/assets/' + Buffer.from(source).toString('base64url') + '.js"></script>');
appendFileSync('../../builds.log', 'built\\n');
`;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cc-web-build-'));
  write('package.json', JSON.stringify({ name: 'fixture', private: true, workspaces: ['apps/web'] }));
  write('package-lock.json', '{}');
  write('tsconfig.base.json', '{}');
  write(
    'apps/web/package.json',
    JSON.stringify({
      name: 'fixture-web',
      private: true,
      type: 'module',
      scripts: { build: 'node build.mjs' },
    }),
  );
  write('apps/web/build.mjs', BUILD_SCRIPT);
  write('apps/web/src/main.ts', 'export const a = 1;\n');
  write('packages/shared/src/index.ts', 'export const b = 2;\n');
  write('packages/engine/src/index.ts', 'export const c = 3;\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The build the script runs, in process: the same steps as the fixture's npm script. */
async function fakeBuild(): Promise<void> {
  const source = readFileSync(path.join(root, 'apps/web/src/main.ts'), 'utf8');
  write(
    'apps/web/dist/index.html',
    `<script src="/assets/${Buffer.from(source).toString('base64url')}.js"></script>`,
  );
  writeFileSync(path.join(root, 'builds.log'), 'built\n', { flag: 'a' });
}

function buildCount(): number {
  return existsSync(path.join(root, 'builds.log'))
    ? readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').length - 1
    : 0;
}

describe('decideBuild', () => {
  const stamp = { version: 1, inputs_sha256: 'in-1', dist_index_sha256: 'out-1' };

  it('skips only when the stamp matches both the inputs and the built index.html', () => {
    expect(decideBuild({ stamp, inputs_sha256: 'in-1', dist_index_sha256: 'out-1' }).build).toBe(false);
    expect(decideBuild({ stamp, inputs_sha256: 'in-2', dist_index_sha256: 'out-1' })).toMatchObject({
      build: true,
      reason: expect.stringContaining('sources changed'),
    });
    expect(decideBuild({ stamp, inputs_sha256: 'in-1', dist_index_sha256: 'out-2' })).toMatchObject({
      build: true,
      reason: expect.stringContaining('other sources'),
    });
  });

  it('builds on a fresh machine (no dist) and when the record is missing or of another version', () => {
    expect(decideBuild({ stamp, inputs_sha256: 'in-1', dist_index_sha256: null }).build).toBe(true);
    expect(decideBuild({ stamp: null, inputs_sha256: 'in-1', dist_index_sha256: null }).build).toBe(true);
    expect(decideBuild({ stamp: null, inputs_sha256: 'in-1', dist_index_sha256: 'out-1' }).build).toBe(true);
    expect(
      decideBuild({ stamp: { ...stamp, version: 2 }, inputs_sha256: 'in-1', dist_index_sha256: 'out-1' })
        .build,
    ).toBe(true);
  });
});

describe('hashInputs', () => {
  it('lists the workspaces and root files, not node_modules, dist or the stamp', () => {
    write('apps/web/node_modules/x/index.js', 'x');
    write('packages/engine/node_modules/.vite/deps.js', 'y');
    write('apps/web/dist/index.html', 'built');
    write(STAMP_FILE, '{}');
    write('builds.log', 'not an input');
    expect(listInputFiles(root)).toEqual([
      'apps/web/build.mjs',
      'apps/web/package.json',
      'apps/web/src/main.ts',
      'package-lock.json',
      'package.json',
      'packages/engine/src/index.ts',
      'packages/shared/src/index.ts',
      'tsconfig.base.json',
    ]);
  });

  it('changes with an edit, a new file, a deletion or a rename in any input, and the VITE_ variables', () => {
    const base = hashInputs(root, {});
    expect(hashInputs(root, {})).toBe(base);
    expect(hashInputs(root, { PATH: '/elsewhere', HOME: '/nowhere' })).toBe(base);
    expect(hashInputs(root, { VITE_API: 'x' })).not.toBe(base);
    expect(hashInputs(root, { NODE_ENV: 'production' })).not.toBe(base);

    const changes: Array<[string, () => void, () => void]> = [
      [
        'edit in engine',
        () => write('packages/engine/src/index.ts', 'export const c = 4;\n'),
        () => write('packages/engine/src/index.ts', 'export const c = 3;\n'),
      ],
      [
        'edit in shared',
        () => write('packages/shared/src/index.ts', ''),
        () => write('packages/shared/src/index.ts', 'export const b = 2;\n'),
      ],
      ['lock file', () => write('package-lock.json', '{"v":2}'), () => write('package-lock.json', '{}')],
      [
        'new file',
        () => write('apps/web/public/favicon.svg', '<svg/>'),
        () => rmSync(path.join(root, 'apps/web/public'), { recursive: true }),
      ],
      [
        'deletion',
        () => rmSync(path.join(root, 'packages/shared/src/index.ts')),
        () => write('packages/shared/src/index.ts', 'export const b = 2;\n'),
      ],
      [
        'rename',
        () => renameSync(path.join(root, 'apps/web/src/main.ts'), path.join(root, 'apps/web/src/app.ts')),
        () => renameSync(path.join(root, 'apps/web/src/app.ts'), path.join(root, 'apps/web/src/main.ts')),
      ],
    ];
    for (const [name, change, undo] of changes) {
      change();
      expect(hashInputs(root, {}), name).not.toBe(base);
      undo();
      expect(hashInputs(root, {}), `${name} undone`).toBe(base);
    }
  });

  it('does not change with what the build writes or with dependencies installed in a workspace', () => {
    const base = hashInputs(root, {});
    write('apps/web/dist/assets/index-abc.js', 'bundle');
    write('apps/web/node_modules/.vite/cache.json', '{}');
    write(STAMP_FILE, '{}');
    expect(hashInputs(root, {})).toBe(base);
  });
});

describe('ensureWebBuild', () => {
  it('builds on a fresh checkout, skips when nothing changed, rebuilds after a source change', async () => {
    const env = {};
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: true });
    expect(buildCount()).toBe(1);
    expect(existsSync(path.join(root, STAMP_FILE))).toBe(true);

    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: false });
    expect(buildCount()).toBe(1);

    write('packages/engine/src/index.ts', 'export const c = 5;\n');
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: true });
    expect(buildCount()).toBe(2);
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: false });
    expect(buildCount()).toBe(2);
  });

  it('rebuilds when dist was deleted or rebuilt by hand from other sources', async () => {
    const env = {};
    await ensureWebBuild({ root, env, build: fakeBuild });
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: true });
    expect(buildCount()).toBe(2);

    // Edit, build by hand (no stamp written), undo the edit: the inputs match the stamp again,
    // but dist holds the edited app.
    write('apps/web/src/main.ts', 'export const a = 2;\n');
    await fakeBuild();
    write('apps/web/src/main.ts', 'export const a = 1;\n');
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({
      build: true,
      reason: expect.stringContaining('other sources'),
    });
    expect(buildCount()).toBe(4);
  });

  it('leaves no stamp after a failed build, so the next start builds again', async () => {
    const env = {};
    await ensureWebBuild({ root, env, build: fakeBuild });
    write('apps/web/src/main.ts', 'syntax error');
    const failing = () => Promise.reject(new Error('vite failed'));
    await expect(ensureWebBuild({ root, env, build: failing })).rejects.toThrow('vite failed');
    expect(existsSync(path.join(root, STAMP_FILE))).toBe(false);
    expect(await ensureWebBuild({ root, env, build: fakeBuild })).toMatchObject({ build: true });
  });
});

describe('the command npm start runs', () => {
  it('runs npm run build -w apps/web on the first start and skips it on the second', async () => {
    const env = process.env;
    const first = await run(process.execPath, [SCRIPT, '--root', root], { env });
    expect(first.stdout).toContain('web app built');
    expect(buildCount()).toBe(1);

    const second = await run(process.execPath, [SCRIPT, '--root', root], { env });
    expect(second.stdout).toContain('web app not rebuilt: up to date');
    expect(buildCount()).toBe(1);
  });

  it('exits non-zero and says so when the build fails', async () => {
    write('apps/web/build.mjs', 'process.exit(3);\n');
    const failed = run(process.execPath, [SCRIPT, '--root', root], { env: process.env });
    await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('exit status 3') });
  });
});
