/** The trainer's routes under /api/me/drills, behind requireUser (contract: packages/shared/src/api/drills.ts). */
import { cryptoRng } from '@card-counter/engine';
import {
  AnyDrillAnswerBodySchema,
  AnyDrillDealPostBodySchema,
  AnyDrillDealSchema,
  AnyDrillVerdictSchema,
  DrillAnswersPostBodySchema,
  DrillAnswersPostResponseSchema,
  DrillDealParamsSchema,
  DrillsProgressSchema,
  DeviationAnswerBodySchema,
  DeviationDealPostBodySchema,
  DeviationDealSchema,
  DeviationVerdictSchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { answerDeal, dealDrill } from './answer-deal.ts';
import { answerDeviation, dealDeviation } from './deviation-deals.ts';
import { drillProgress, storeDrillAnswers } from './drills.ts';

export const drillRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  // onRequest: an anonymous request is 401 before its body is even parsed or validated.
  const auth = { onRequest: app.requireUser };
  // The server's own shuffle (Web Crypto), never the browser's (ADR 0004, ADR 0027).
  const rng = cryptoRng();

  // Stored for progress and spaced repetition; pays nothing (ADR 0027).
  r.post(
    '/api/me/drills/answers',
    { ...auth, schema: { body: DrillAnswersPostBodySchema, response: { 200: DrillAnswersPostResponseSchema } } },
    async (request) => ({ stored: await storeDrillAnswers(db, request.userId(), request.body.answers) }),
  );

  r.post(
    '/api/me/drills/deals',
    // A countdown, a speed drill or bet sizing (contract: shared api/speed-drills.ts).
    { ...auth, schema: { body: AnyDrillDealPostBodySchema, response: { 200: AnyDrillDealSchema } } },
    async (request) => dealDrill(db, request.userId(), request.body, clock(), rng),
  );

  r.post(
    '/api/me/drills/deals/:dealId/answer',
    {
      ...auth,
      schema: { params: DrillDealParamsSchema, body: AnyDrillAnswerBodySchema, response: { 200: AnyDrillVerdictSchema } },
    },
    async (request) => answerDeal(db, request.userId(), request.params.dealId, request.body, clock()),
  );

  // The deviations drill (ADR 0053): dealt from the set the server reads, graded against it.
  r.post(
    '/api/me/drills/deviations',
    { ...auth, schema: { body: DeviationDealPostBodySchema, response: { 200: DeviationDealSchema } } },
    async (request) => dealDeviation(db, request.userId(), request.body, clock(), rng),
  );

  r.post(
    '/api/me/drills/deviations/:dealId/answer',
    { ...auth, schema: { params: DrillDealParamsSchema, body: DeviationAnswerBodySchema, response: { 200: DeviationVerdictSchema } } },
    async (request) => answerDeviation(db, request.userId(), request.params.dealId, request.body, clock()),
  );

  r.get('/api/me/drills', { ...auth, schema: { response: { 200: DrillsProgressSchema } } }, async (request) =>
    drillProgress(db, request.userId()),
  );
};
