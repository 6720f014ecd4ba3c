// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { isClassicZod, noClassicZod } from '../../build/no-classic-zod.ts';

// A real build of one module with the guard, as the web build runs it: classic zod anywhere in
// the graph fails it with the importer named, zod/mini passes.
const webRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

async function buildEntry(entry: string): Promise<void> {
  await build({
    root: webRoot,
    configFile: false,
    logLevel: 'silent',
    plugins: [noClassicZod()],
    build: { write: false, rollupOptions: { input: entry } },
  });
}

describe('no classic zod in the browser build', () => {
  it('fails a build that imports classic zod, naming the module that imported it', async () => {
    await expect(buildEntry(fixture('classic-zod-entry.ts'))).rejects.toThrow(
      /classic zod reached the browser build: .*classic-zod-entry\.ts imports 'zod'/,
    );
  }, 60_000);

  it('passes a build that takes its zod from the contract (zod/mini)', async () => {
    await expect(buildEntry(fixture('mini-zod-entry.ts'))).resolves.toBeUndefined();
  }, 60_000);

  it('tells classic modules from mini, core and locales', () => {
    const nm = '/app/node_modules/zod';
    for (const id of [
      `${nm}/index.js`,
      `${nm}/v4/classic/schemas.js`,
      `${nm}/v4/index.js`,
      `${nm}/v3/types.js`,
    ])
      expect(isClassicZod(id), id).toBe(true);
    for (const id of [
      `${nm}/mini/index.js`,
      `${nm}/v4/mini/schemas.js`,
      `${nm}/v4/core/schemas.js`,
      `${nm}/v4/locales/en.js`,
      '/app/src/zod.ts',
    ])
      expect(isClassicZod(id), id).toBe(false);
  });
});
