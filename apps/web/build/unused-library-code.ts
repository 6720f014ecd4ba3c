/**
 * Two rewrites of library code, in production builds only, that let the bundler drop what the
 * browser never runs (docs/decisions/0036-first-load-cuts.md says what each saved):
 *
 * - react-router: its components are made with `React.forwardRef(...)`, a call the bundler cannot
 *   know is pure, and named with `X.displayName = "X"`, a property write it keeps. So `Form` (with
 *   useSubmit and the form-encoding helpers) was in every first load though the app renders no
 *   `<Form>`. The forwardRef calls are marked pure and the displayName writes removed (they name
 *   components in React DevTools only).
 * - zod: a classic `z.object` is a `$ZodObjectJIT`, which compiles a validator with `new Function`
 *   unless jitless is set. The browser always sets it (public/zod-jitless.js, before any module;
 *   the Content Security Policy forbids eval), so the compiler is dead code there: the object
 *   schema is built as the plain `$ZodObject`, which is what the JIT variant runs when jitless.
 *
 * Each rewrite must find what it rewrites: a library update that changes the code fails the
 * build here instead of silently keeping the bytes. The server, tests and dev server keep the
 * libraries as published.
 */
import type { Plugin } from 'vite';

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[\w-]+\.mjs$/;
const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

const FORWARD_REF = /^var (\w+) = (React\d*)\.forwardRef\(/gm;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;
const ZOD_OBJECT_JIT = 'core.$ZodObjectJIT.init(inst, def);';

/** react-router's chunk with its forwardRef components pure and their displayName writes gone. */
export function pureReactRouter(code: string): string {
  if (!code.includes('Form.displayName = "Form";')) return code; // another chunk of the package
  const forwardRefs = code.match(FORWARD_REF)?.length ?? 0;
  if (forwardRefs < 3) throw new Error(`unused-library-code: react-router's forwardRef components changed (${forwardRefs} found)`);
  // Lines are kept (emptied, not removed) so the library's source map still lines up.
  return code.replace(FORWARD_REF, 'var $1 = /* @__PURE__ */ $2.forwardRef(').replace(DISPLAY_NAME, '');
}

/** zod's classic object schema without the validator compiler (jitless in the browser). */
export function zodObjectWithoutJit(code: string): string {
  if (code.split(ZOD_OBJECT_JIT).length !== 2) throw new Error('unused-library-code: zod/v4/classic/schemas.js no longer builds objects as $ZodObjectJIT');
  return code.replace(ZOD_OBJECT_JIT, 'core.$ZodObject.init(inst, def);');
}

export function unusedLibraryCode(): Plugin {
  return {
    name: 'card-counter:unused-library-code',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (REACT_ROUTER_CHUNK.test(id)) return { code: pureReactRouter(code), map: null };
      if (ZOD_CLASSIC_SCHEMAS.test(id)) return { code: zodObjectWithoutJit(code), map: null };
      return null;
    },
  };
}
