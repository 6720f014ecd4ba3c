/**
 * The server's configuration: read once from the environment at start and validated with
 * zod. A missing or bad value stops the process with a message naming the variable.
 * `loadConfig` is pure (env in, config out) so it is unit-tested without touching process.env.
 */
import path from 'node:path';
import { z } from 'zod';
import { CONFIG_SETTINGS, type ConfigSetting } from '@card-counter/shared';

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADMIN_USER_IDS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== ''),
    ),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends API calls; unset = Stripe's own host (tests and stripe-mock point it elsewhere). */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Card Counter <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().min(1).default('apps/web/dist'),
  /** 'true' (trust every proxy hop), or a comma list of proxy addresses/CIDRs; unset = no proxy. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((s): boolean | string[] =>
      s === 'true' ? true : s === '' || s === 'false' ? false : s.split(',').map((x) => x.trim()),
    ),
  /** Clients per process on GET /api/me/stream (each holds a socket). */
  SSE_CLIENTS_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Prometheus metrics on HOST:METRICS_PORT (decision record 0049); unset = no metrics server. */
  METRICS_PORT: optionalText.pipe(z.string().regex(/^\d{1,5}$/, 'must be a port number').transform(Number).pipe(z.number().int().max(65535)).optional()),
  /** The installable-app feature flag (spec: off by default): manifest and service worker. */
  INSTALLABLE_APP: z.enum(['on', 'off'], "must be 'on' or 'off'").default('off'),
  /** Tournaments created on a schedule (modules/tournaments/schedule.ts): a comma list of 'daily' and 'weekly'; empty = none. */
  TOURNAMENT_SCHEDULES: z
    .string()
    .trim()
    .default('')
    .transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== ''))
    .pipe(z.array(z.enum(['daily', 'weekly'], "must be a comma list of 'daily' and 'weekly'")))
    .refine((a) => new Set(a).size === a.length, 'names a schedule twice'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  adminUserIds: string[];
  betterAuthSecret: string | undefined;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      }
    | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDistDir: string;
  sseClientsMax: number;
  trustProxy: boolean | string[];
  /** Installable-app mode: index.html links the manifest and the page registers the service worker (decision record 0034). */
  installableApp: boolean;
  /** Port of the metrics server (GET /metrics, never on `port`); undefined: none. */
  metricsPort: number | undefined;
  /** Tournament schedules (TOURNAMENT_SCHEDULES): each creates its period's tournament once. */
  tournamentSchedules: ('daily' | 'weekly')[];
  /** Without SMTP, also print each mail's link alone on a line of stdout (main.ts sets it in development). */
  printMailLinks?: boolean;
  /** Settings that make this deployment incomplete (reported by GET /api/config; production only). */
  missing: ConfigSetting[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment. `cwd` anchors relative paths (DATA_DIR, WEB_DIST_DIR).
 * Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProd = e.NODE_ENV === 'production';

  // A half-configured provider is an operator mistake, not a reason to fall back silently.
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_PUBLISHABLE_KEY === undefined) {
    problems.push('STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
  }
  if (e.STRIPE_PUBLISHABLE_KEY !== undefined && e.STRIPE_SECRET_KEY === undefined) {
    problems.push('STRIPE_SECRET_KEY: required when STRIPE_PUBLISHABLE_KEY is set');
  }
  if (isProd && e.BETTER_AUTH_SECRET === undefined) {
    problems.push('BETTER_AUTH_SECRET: required when NODE_ENV=production');
  }
  // The public port must never serve metrics (ADR 0049).
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (metrics are never served on the app port)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  // Every listed setting that is unset. BETTER_AUTH_SECRET never shows up here (production stops
  // above without it) and MAIL_FROM has a default; they are listed for the web app's sake.
  const missing: ConfigSetting[] = isProd ? CONFIG_SETTINGS.filter((name) => e[name] === undefined) : [];

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminUserIds: e.ADMIN_USER_IDS,
    betterAuthSecret: e.BETTER_AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID !== undefined && e.GOOGLE_CLIENT_SECRET !== undefined
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_PUBLISHABLE_KEY !== undefined
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR),
    sseClientsMax: e.SSE_CLIENTS_MAX,
    trustProxy: e.TRUST_PROXY,
    installableApp: e.INSTALLABLE_APP === 'on',
    metricsPort: e.METRICS_PORT,
    tournamentSchedules: e.TOURNAMENT_SCHEDULES,
    missing,
  };
}
