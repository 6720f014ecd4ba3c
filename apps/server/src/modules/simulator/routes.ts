/** The simulator's routes: charge a run, save its result, list the player's runs. All behind requireUser. */
import {
  SimRunChargeBodySchema,
  SimRunChargeResponseSchema,
  SimRunListSchema,
  SimRunParamsSchema,
  SimRunResultBodySchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { chargeSimRun, listSimRuns, saveSimResult } from './runs.ts';

export const simulatorRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const auth = { onRequest: app.requireUser };

  r.post(
    '/api/simulator/runs',
    { ...auth, schema: { body: SimRunChargeBodySchema, response: { 200: SimRunChargeResponseSchema } } },
    async (request) => chargeSimRun(db, request.userId(), request.body, clock()),
  );

  r.put(
    '/api/simulator/runs/:runId/result',
    { ...auth, schema: { params: SimRunParamsSchema, body: SimRunResultBodySchema } },
    async (request, reply) => {
      await saveSimResult(db, request.userId(), request.params.runId, request.body);
      return reply.code(204).send();
    },
  );

  r.get('/api/simulator/runs', { ...auth, schema: { response: { 200: SimRunListSchema } } }, async (request) => ({
    runs: await listSimRuns(db, request.userId()),
  }));
};
