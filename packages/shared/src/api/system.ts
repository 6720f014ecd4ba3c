/** The deployment's own endpoints: health and the configuration the web app reads at start. */
import { z } from '../zod.ts';

/** `GET /api/health`: 200 when everything is ok, 503 with the failing part's reason. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** Settings a deployment may lack; listed in `AppConfig.missing` (production only). */
export const CONFIG_SETTINGS = [
  'BETTER_AUTH_SECRET',
  'APP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
] as const;
export type ConfigSetting = (typeof CONFIG_SETTINGS)[number];

/** `GET /api/config`: what the web app needs to know about this deployment. */
export const AppConfigSchema = z.object({
  auth: z.object({ emailPassword: z.literal(true), google: z.boolean() }),
  payments: z.object({ mode: z.enum(['stripe', 'demo']), publishableKey: z.optional(z.string()) }),
  features: z.object({
    admin: z.literal(false),
    analytics: z.literal(false),
    installableApp: z.literal(false),
  }),
  /** Settings whose absence makes the deployment incomplete ('Deployment Configuration Error'). */
  missing: z.array(z.enum(CONFIG_SETTINGS)),
  environment: z.enum(['development', 'production', 'test']),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
