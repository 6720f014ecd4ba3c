/**
 * The replay's routes (replay.ts, decision record 0061), behind requireUser like the rest of the
 * table: a shoe's replayable rounds, one round, and a mistake's round opened at the mistake.
 */
import {
  ErrorBodySchema,
  MistakeReplayParamsSchema,
  RoundReplayParamsSchema,
  RoundReplaySchema,
  ShoeRoundsParamsSchema,
  ShoeRoundsSchema,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/index.ts';
import { readMistakeReplay, readRoundReplay, readShoeRounds } from './replay.ts';

export function replayRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  const errors = { 404: ErrorBodySchema, 409: ErrorBodySchema };

  r.get(
    '/api/me/shoes/:shoe/rounds',
    { ...auth, schema: { params: ShoeRoundsParamsSchema, response: { 200: ShoeRoundsSchema } } },
    async (request) => readShoeRounds(db, request.userId(), request.params.shoe),
  );

  r.get(
    '/api/me/shoes/:shoe/rounds/:start/replay',
    { ...auth, schema: { params: RoundReplayParamsSchema, response: { 200: RoundReplaySchema, ...errors } } },
    async (request) => readRoundReplay(db, request.userId(), request.params.shoe, request.params.start),
  );

  r.get(
    '/api/me/mistakes/:id/replay',
    { ...auth, schema: { params: MistakeReplayParamsSchema, response: { 200: RoundReplaySchema, ...errors } } },
    async (request) => readMistakeReplay(db, request.userId(), request.params.id),
  );
}
