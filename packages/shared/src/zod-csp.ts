/**
 * Imported first by the web app (a side effect on zod's global config). zod 4's classic object
 * schemas probe `Function('')` on the first parse to decide whether to compile validators; the
 * web app's Content Security Policy has no 'unsafe-eval', so the browser would refuse the probe
 * and log a CSP violation. The contract is `zod/mini` now, whose objects never compile or probe
 * (docs/decisions/0039), so this guards only against a classic schema coming back: jitless skips
 * the probe and the compilation, and validation gives the same results, a little slower.
 */
import { z } from './zod.ts';

z.config({ jitless: true });
