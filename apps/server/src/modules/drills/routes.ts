/** The trainer's routes under /api/me/drills, behind requireUser (contract: packages/shared/src/api/drills.ts). */
import {
  DrillAnswersPostBodySchema,
  DrillAnswersPostResponseSchema,
  DrillsProgressSchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { drillProgress, storeDrillAnswers } from './drills.ts';

export const drillRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // onRequest: an anonymous request is 401 before its body is even parsed or validated.
  const auth = { onRequest: app.requireUser };

  r.post(
    '/api/me/drills/answers',
    { ...auth, schema: { body: DrillAnswersPostBodySchema, response: { 200: DrillAnswersPostResponseSchema } } },
    async (request) => ({ stored: await storeDrillAnswers(db, request.userId(), request.body.answers) }),
  );

  r.get('/api/me/drills', { ...auth, schema: { response: { 200: DrillsProgressSchema } } }, async (request) =>
    drillProgress(db, request.userId()),
  );
};
