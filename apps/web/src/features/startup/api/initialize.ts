import { HealthSchema } from '@card-counter/shared/api';
import { CLIENT_ERRORS } from '@card-counter/shared/errors';
import { ApiError, api } from '../../../shared/lib/api-client.ts';
import { fetchAppConfig, type AppConfig } from '../../../shared/config/app-config.ts';

/**
 * Startup checks: the server and its database answer, then the app configuration. An
 * unreachable server keeps its own message; any other failure (503 from a database that is
 * down, a broken answer) reads as the catalogue's startup failure.
 */
export async function initializeApp(signal?: AbortSignal): Promise<AppConfig> {
  try {
    const health = HealthSchema.parse(await api.get<unknown>('/api/health', signal));
    if (health.status !== 'ok') throw new Error(CLIENT_ERRORS.INIT_FAILED.message);
    return await fetchAppConfig(signal);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SERVER_UNREACHABLE') throw error;
    if (error instanceof ApiError && !error.code.startsWith('HTTP_')) throw error;
    throw new Error(CLIENT_ERRORS.INIT_FAILED.message, { cause: error });
  }
}
