import { HealthSchema } from '@card-counter/shared';
import { ApiError, api } from '@/shared/lib/api-client.ts';
import { catalogueError } from '@/shared/lib/api-error.ts';
import { fetchAppConfig, type AppConfig } from '@/shared/config/app-config.ts';

/**
 * Startup checks: the server and its database answer, and the app configuration. Both are asked
 * for at once (one round trip before the first screen, not two, on a phone's latency); the
 * health check decides first, so a server that is down reads as down whatever the config
 * answered. An unreachable server keeps its own message; any other failure (503 from a database
 * that is down, a broken answer) reads as the catalogue's startup failure.
 */
export async function initializeApp(signal?: AbortSignal): Promise<AppConfig> {
  const config = fetchAppConfig(signal);
  // Observed here, reported below once the health check has passed.
  config.catch(() => undefined);
  try {
    const health = HealthSchema.parse(await api.get<unknown>('/api/health', signal));
    if (health.status !== 'ok') throw catalogueError('INIT_FAILED');
    return await config;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SERVER_UNREACHABLE') throw error;
    if (error instanceof ApiError && !error.code.startsWith('HTTP_')) throw error;
    throw catalogueError('INIT_FAILED', error);
  }
}
