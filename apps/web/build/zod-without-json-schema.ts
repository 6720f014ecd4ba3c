/**
 * Leaves zod's JSON Schema output out of the browser build. zod 4's classic schemas import it
 * for `schema.toJSONSchema()` and the `~standard.jsonSchema` methods, so every page that parses
 * with zod downloads it (~6 KB gzip in the first load), though the web app only parses and never
 * asks a schema for its JSON Schema. Its two modules are replaced, in production builds only, by
 * stubs that keep every export name and throw if one is ever called, so a future use fails
 * loudly at that call instead of producing a wrong schema. The server, tests and dev server keep
 * the real modules. docs/decisions/0036-first-load-cuts.md says why and what it saved.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const STUBBED = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
/** Exports that return a method at schema construction or property access; the method throws. */
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/** The names a module exports: `export function|const|class X` and `export { a as b }`. */
export function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1] ?? '');
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  names.delete('');
  return [...names];
}

export function stubModule(source: string, id: string): string {
  const lines = [`const unavailable = () => { throw new Error('zod JSON Schema output is not in the web build (${id.replace(/.*[\\/]zod[\\/]/, 'zod/')}; apps/web/build/zod-without-json-schema.ts)'); };`];
  for (const name of exportNames(source)) {
    lines.push(METHOD_FACTORIES.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`);
  }
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'card-counter:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!STUBBED.test(id)) return null;
      return stubModule(readFileSync(id, 'utf8'), id);
    },
  };
}
