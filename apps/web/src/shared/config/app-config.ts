import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// What GET /api/config tells the web app. The reader is lenient on purpose: a field the
// server does not send reads as "not available", never as a crash of the whole app.

export type MissingSettingGroup = 'database-auth' | 'payments';

export interface AppConfig {
  environment: string;
  googleSignIn: boolean;
  emailPasswordSignIn: boolean;
  paymentMode: string;
  features: { admin: boolean; analytics: boolean; installableApp: boolean };
  /** Names of the environment settings whose absence makes the deployment incomplete. */
  missingSettings: string[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function bool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const r = record(value);
  return typeof r.enabled === 'boolean' ? r.enabled : typeof r.available === 'boolean' ? r.available : false;
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (typeof item === 'string') return [item];
      const r = record(item);
      return typeof r.name === 'string' ? [r.name] : typeof r.setting === 'string' ? [r.setting] : [];
    });
  }
  // { auth: ['BETTER_AUTH_SECRET'], payments: ['STRIPE_SECRET_KEY'] } is accepted too.
  return Object.values(record(value)).flatMap(stringList);
}

export function parseAppConfig(body: unknown): AppConfig {
  const root = record(body);
  const auth = record(root.auth ?? root.signIn ?? root.signInMethods);
  const payments = record(root.payments);
  const features = record(root.features ?? root.featureFlags);
  return {
    environment: typeof root.environment === 'string' ? root.environment : typeof root.env === 'string' ? root.env : 'production',
    googleSignIn: bool(auth.google),
    emailPasswordSignIn: auth.emailPassword === undefined && auth.email === undefined ? true : bool(auth.emailPassword ?? auth.email),
    paymentMode: typeof payments.mode === 'string' ? payments.mode : typeof root.paymentMode === 'string' ? root.paymentMode : 'unavailable',
    features: {
      admin: bool(features.admin),
      analytics: bool(features.analytics),
      installableApp: bool(features.installableApp ?? features.pwa),
    },
    missingSettings: stringList(root.missingSettings ?? root.missing ?? []),
  };
}

/** Payment settings are the payment provider's keys; everything else is database/auth. */
export function missingSettingGroup(name: string): MissingSettingGroup {
  return /STRIPE|PAYMENT/i.test(name) ? 'payments' : 'database-auth';
}

/** The deployment is incomplete only in production; development runs on demo settings. */
export function deploymentIsIncomplete(config: AppConfig): boolean {
  return config.environment === 'production' && config.missingSettings.length > 0;
}

export const APP_CONFIG_QUERY_KEY = ['app-config'] as const;

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return parseAppConfig(await api.get<unknown>('/api/config', signal));
}

export function useAppConfig() {
  return useQuery({ queryKey: APP_CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchAppConfig(signal), staleTime: Infinity, retry: 1 });
}
