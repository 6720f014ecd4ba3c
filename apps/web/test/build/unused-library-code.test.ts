// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pureReactRouter, zodObjectWithoutJit } from '../../build/unused-library-code.ts';

// The rewrites run on the installed libraries: each must still find what it rewrites (else the
// build fails, by design), and must keep every line so the libraries' source maps line up.
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

describe('react-router with pure components', () => {
  const dir = path.join(packageDir('react-router'), 'dist', 'production');
  const chunks = readdirSync(dir).filter((f) => /^chunk-[\w-]+\.mjs$/.test(f)).map((f) => readFileSync(path.join(dir, f), 'utf8'));

  it('marks Link, NavLink and Form pure, drops their displayName writes and keeps every line', () => {
    const source = chunks.find((c) => c.includes('Form.displayName = "Form";'));
    expect(source).toBeDefined();
    const out = pureReactRouter(source ?? '');
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(out).toContain(`var ${name} = /* @__PURE__ */ React`);
      expect(out).not.toContain(`${name}.displayName =`);
    }
    expect(out.split('\n')).toHaveLength((source ?? '').split('\n').length);
  });

  it('leaves the package\'s other chunks as they are', () => {
    const others = chunks.filter((c) => !c.includes('Form.displayName = "Form";'));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(pureReactRouter(other)).toBe(other);
  });
});

describe('zod object schemas without the validator compiler', () => {
  const file = path.join(packageDir('zod'), 'v4', 'classic', 'schemas.js');

  it('builds classic objects as the plain $ZodObject', () => {
    const out = zodObjectWithoutJit(readFileSync(file, 'utf8'));
    expect(out).toContain('core.$ZodObject.init(inst, def);');
    expect(out).not.toContain('$ZodObjectJIT');
  });

  it('fails the build when zod no longer has the line it replaces', () => {
    expect(() => zodObjectWithoutJit('export const ZodObject = 1;')).toThrow(/no longer builds objects/);
  });
});
