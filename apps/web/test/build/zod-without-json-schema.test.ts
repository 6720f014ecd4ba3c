// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportNames, stubModule } from '../../build/zod-without-json-schema.ts';

// The stub must keep every name the real module exports (a missing one fails the build or, worse,
// reads as undefined inside zod), and each must throw when used rather than answer.
const zodCore = path.join(path.dirname(createRequire(import.meta.url).resolve('zod/package.json')), 'v4', 'core');

describe.each(['to-json-schema.js', 'json-schema-processors.js'])('zod stub for %s', (file) => {
  const real = path.join(zodCore, file);
  const source = readFileSync(real, 'utf8');

  it('exports exactly the names the real module exports', async () => {
    const realModule = (await import(pathToFileURL(real).href)) as Record<string, unknown>;
    expect(exportNames(source).sort()).toEqual(Object.keys(realModule).sort());
  });

  it('throws when a stubbed export is called, and method factories hand back a throwing method', async () => {
    const dataUrl = `data:text/javascript,${encodeURIComponent(stubModule(source, real))}`;
    const stub = (await import(dataUrl)) as Record<string, (...args: unknown[]) => unknown>;
    const names = Object.keys(stub);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      if (name.startsWith('create')) expect(() => (stub[name]?.({}) as () => unknown)()).toThrow(/not in the web build/);
      else expect(() => stub[name]?.({})).toThrow(/not in the web build/);
    }
  });
});
