/** GET /api/me/progress: level, experience and every achievement with its progress. */
import { ProgressResponseSchema } from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { getProgress } from './progress.ts';

export const rewardsRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/me/progress',
    { onRequest: app.requireUser, schema: { response: { 200: ProgressResponseSchema } } },
    async (request) => getProgress(deps.db, request.userId(), deps.clock()),
  );
};
