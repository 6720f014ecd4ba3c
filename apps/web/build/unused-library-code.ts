/**
 * A rewrite of library code, in production builds only, that lets the bundler drop what the
 * browser never runs (docs/decisions/0036-first-load-cuts.md says what it saved):
 *
 * - react-router: its components are made with `React.forwardRef(...)`, a call the bundler cannot
 *   know is pure, and named with `X.displayName = "X"`, a property write it keeps. So `Form` (with
 *   useSubmit and the form-encoding helpers) was in every first load though the app renders no
 *   `<Form>`. The forwardRef calls are marked pure and the displayName writes removed (they name
 *   components in React DevTools only).
 *
 * The rewrite must find what it rewrites: a library update that changes the code fails the
 * build here instead of silently keeping the bytes. The server, tests and dev server keep the
 * libraries as published. (A second rewrite, of classic zod's `$ZodObjectJIT`, went with classic
 * zod itself: the browser's zod is zod/mini, whose objects never compile, and build/no-classic-zod.ts
 * fails the build if a classic module comes back; docs/decisions/0039-zod-mini-contract.md.)
 */
import type { Plugin } from 'vite';

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[\w-]+\.mjs$/;

const FORWARD_REF = /^var (\w+) = (React\d*)\.forwardRef\(/gm;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

/** react-router's chunk with its forwardRef components pure and their displayName writes gone. */
export function pureReactRouter(code: string): string {
  if (!code.includes('Form.displayName = "Form";')) return code; // another chunk of the package
  const forwardRefs = code.match(FORWARD_REF)?.length ?? 0;
  if (forwardRefs < 3) throw new Error(`unused-library-code: react-router's forwardRef components changed (${forwardRefs} found)`);
  // Lines are kept (emptied, not removed) so the library's source map still lines up.
  return code.replace(FORWARD_REF, 'var $1 = /* @__PURE__ */ $2.forwardRef(').replace(DISPLAY_NAME, '');
}

export function unusedLibraryCode(): Plugin {
  return {
    name: 'card-counter:unused-library-code',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (REACT_ROUTER_CHUNK.test(id)) return { code: pureReactRouter(code), map: null };
      return null;
    },
  };
}
