import { ERRORS } from '@card-counter/shared/errors';
import { api } from '../../../shared/lib/api-client.ts';
import { fetchAppConfig, type AppConfig } from '../../../shared/config/app-config.ts';

interface HealthBody {
  status?: string;
  database?: string;
}

/** Startup checks: the server and its database answer, then the app configuration. */
export async function initializeApp(signal?: AbortSignal): Promise<AppConfig> {
  const health = await api.get<HealthBody>('/api/health', signal);
  if (health?.status !== 'ok') throw new Error(ERRORS.INIT_FAILED.message);
  return fetchAppConfig(signal);
}
