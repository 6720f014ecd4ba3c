/**
 * The player's lifetime record and mistakes list (ADR 0035; contract
 * packages/shared/src/api/lifetime.ts). Its own module: it reads the profile's counters, the
 * record and the table's test mode, and neither of those modules depends on it. Queries are the
 * shared strict zod schemas, so a bad one is 400 VALIDATION_FAILED.
 */
import {
  AppError,
  LifetimeSchema,
  MistakeRoundParamsSchema,
  MistakeRoundSchema,
  MistakesPageSchema,
  MistakesQuerySchema,
  PlayHistoryQuerySchema,
  PlayHistorySchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { listMistakes, readLifetime } from './lifetime.ts';
import { readMistakeRound } from './mistake-round.ts';
import { readPlayHistory } from './play-history.ts';

export const lifetimeRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const auth = { onRequest: app.requireUser };

  r.get('/api/me/lifetime', { ...auth, schema: { response: { 200: LifetimeSchema } } }, async (request) => {
    const lifetime = await readLifetime(db, request.userId());
    if (lifetime === null) throw new AppError('USER_DOC_MISSING');
    return lifetime;
  });

  r.get(
    '/api/me/mistakes',
    { ...auth, schema: { querystring: MistakesQuerySchema, response: { 200: MistakesPageSchema } } },
    async (request) => listMistakes(db, request.userId(), request.query),
  );

  r.get(
    '/api/me/mistakes/:id/round',
    { ...auth, schema: { params: MistakeRoundParamsSchema, response: { 200: MistakeRoundSchema } } },
    async (request) => readMistakeRound(db, request.userId(), request.params.id),
  );

  r.get(
    '/api/me/history',
    { ...auth, schema: { querystring: PlayHistoryQuerySchema, response: { 200: PlayHistorySchema } } },
    async (request) => readPlayHistory(db, request.userId(), request.query),
  );
};
