// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pureReactRouter } from '../../build/unused-library-code.ts';

// The rewrite runs on the installed library: it must still find what it rewrites (else the
// build fails, by design), and must keep every line so the library's source maps line up.
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
