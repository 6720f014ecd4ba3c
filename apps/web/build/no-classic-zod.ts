/**
 * Fails the production build when classic zod reaches the browser. The browser's zod is zod/mini
 * (packages/shared/src/zod.ts): classic zod puts every method on every schema, so one import of it
 * brings all of zod into the first load, ~7 KB gzip more (docs/decisions/0039-zod-mini-contract.md).
 * eslint stops `import 'zod'` in the app and the contract; this catches every other road (a
 * library, a file eslint does not see) and names the module that brought it. The server keeps
 * classic zod; this runs only on the web build.
 */
import type { Plugin } from 'vite';

/** zod's modules the browser may load: mini, the core it is built on, and the locales. */
const MINI = /[\\/]zod[\\/](mini[\\/]|v4-mini[\\/]|v4[\\/](mini|core|locales)[\\/])/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

export function isClassicZod(id: string): boolean {
  return ZOD.test(id) && !MINI.test(id);
}

const FIX =
  "The browser's zod is zod/mini: import { z } from '@card-counter/shared/zod' (docs/decisions/0039-zod-mini-contract.md).";

export function noClassicZod(): Plugin {
  return {
    name: 'card-counter:no-classic-zod',
    apply: 'build',
    // Before vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    // Every import of zod by name is resolved here first, so the error names the module that
    // asked for classic zod (an app file or a library). Failing during the build, not at its end,
    // lets the other plugins see a failed build (service-worker.ts then writes nothing).
    async resolveId(source, importer, options) {
      if (!/^zod(\/|$)/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && isClassicZod(resolved.id))
        this.error(
          `classic zod reached the browser build: ${importer ?? 'an entry'} imports '${source}' (${resolved.id}). ${FIX}`,
        );
      return resolved;
    },
    // A classic module reached by a path rather than by name (an alias, a relative import).
    moduleParsed(info) {
      if (isClassicZod(info.id)) this.error(`classic zod reached the browser build: ${info.id}. ${FIX}`);
    },
  };
}
