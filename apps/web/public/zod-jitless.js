// zod 4 probes Function('') on its first object parse to decide whether to compile validators;
// the app's Content Security Policy has no 'unsafe-eval', so the browser refuses the probe and
// reports a violation. zod keeps its config on globalThis.__zod_globalConfig, so setting
// jitless here, in a classic script that runs before any module, covers every bundle chunk:
// a chunk that parses while it loads can run before main.tsx's own z.config
// (packages/shared/src/zod-csp.ts). Validation gives the same results without the compilation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
