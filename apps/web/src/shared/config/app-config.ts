import { queryOptions } from '@tanstack/react-query';
import { AppConfigSchema, type AppConfig } from '@card-counter/shared';
import { api } from '../lib/api-client.ts';

// What GET /api/config tells the web app (the shared contract's AppConfig).

export type { AppConfig };

export type MissingSettingGroup = 'database-auth' | 'payments';

/** Payment settings are the payment provider's keys; everything else is database/auth. */
export function missingSettingGroup(name: string): MissingSettingGroup {
  return /STRIPE|PAYMENT/i.test(name) ? 'payments' : 'database-auth';
}

/** The deployment is incomplete only in production; development runs on demo settings. */
export function deploymentIsIncomplete(config: AppConfig): boolean {
  return config.environment === 'production' && config.missing.length > 0;
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return AppConfigSchema.parse(await api.get<unknown>('/api/config', signal));
}

/**
 * The one query of the config: components read it with useAppConfig (use-app-config.ts, a module
 * of its own so the first load, which only fetches the config, does not carry react-query's
 * observer), handlers with ensureQueryData.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: ({ signal }) => fetchAppConfig(signal),
  staleTime: Infinity,
  retry: 1,
});
