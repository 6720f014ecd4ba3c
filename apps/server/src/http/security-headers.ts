/**
 * Security headers on every response (page, API, static files) through @fastify/helmet,
 * registered on the root instance (decision record 0007). Decisions worth keeping (a later
 * change could undo them by accident):
 * - The CSP allows only the app's own origin for scripts, styles, fetches, workers and
 *   frames; 'wasm-unsafe-eval' lets the simulator's WebAssembly core compile (it does not
 *   allow JS eval); styles keep 'unsafe-inline' for libraries that set <style> at run time.
 *   With Stripe keys, Stripe.js's documented origins are added.
 * - Referrer-Policy is strict-origin-when-cross-origin, NOT helmet's default no-referrer:
 *   under no-referrer a browser sends `Origin: null` on the app's own POSTs, and the CSRF
 *   guard (csrf.ts) and better-auth would refuse every one of them.
 * - HSTS and upgrade-insecure-requests only when APP_URL is https: a plain-http install
 *   (localhost, a LAN address) must keep working.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Stripe.js's origins (Stripe's CSP guide): its script, its frames and its API. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const HSTS_MAX_AGE_s = 365 * 24 * 3600;

export function contentSecurityPolicy(opts: {
  https: boolean;
  stripe: boolean;
}): Record<string, string[] | null> {
  const s = opts.stripe;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(s ? STRIPE.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars from the identity provider (e.g. Google) are https images.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(s ? STRIPE.connect : [])],
    'frame-src': s ? STRIPE.frame : ["'none'"],
    // The simulator's Web Workers and, in installable-app mode, the service worker (/sw.js).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': opts.https ? [] : null,
  };
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { appUrl: string; stripe: boolean },
): Promise<void> {
  const https = opts.appUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ https, stripe: opts.stripe }),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: HSTS_MAX_AGE_s, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    // Stripe.js and Google sign-in pop-ups need their opener; same-origin-allow-popups keeps them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Cross-origin images (avatars, Stripe) must not need CORP headers of their own.
    crossOriginEmbedderPolicy: false,
  });
}
