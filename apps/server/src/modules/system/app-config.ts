import type { AppConfig } from '@card-counter/shared';
import type { Config } from '../../config.ts';

/**
 * GET /api/config: what the web app needs to know. Without Stripe keys payments run in the
 * built-in demo mode; in production the missing keys are ALSO listed in `missing`, so the
 * web app shows 'Deployment Configuration Error' instead of a demo shop.
 */
export function buildAppConfig(config: Config): AppConfig {
  const payments: AppConfig['payments'] =
    config.stripe !== undefined
      ? { mode: 'stripe', publishableKey: config.stripe.publishableKey }
      : { mode: 'demo' };
  return {
    auth: { emailPassword: true, google: config.google !== undefined },
    payments,
    features: { admin: false, analytics: false, installableApp: false },
    missing: [...config.missing],
    environment: config.env,
  };
}
