/**
 * Imported first by the web app (a side effect on zod's global config). zod 4 probes
 * `Function('')` on the first object parse to decide whether to compile validators; the web
 * app's Content Security Policy has no 'unsafe-eval', so the browser refuses the probe and
 * logs a CSP violation. jitless skips the probe and the compilation: validation gives the
 * same results, a little slower.
 */
import { z } from 'zod';

z.config({ jitless: true });
