/**
 * The signed-in player's record under /api/me/record (contract: packages/shared/src/api/record.ts;
 * by-true-count: api/record-by-true-count.ts).
 * Bodies and queries are the shared zod schemas, so bad input is 400 VALIDATION_FAILED and
 * stores nothing.
 */
import {
  RecordByTrueCountQuerySchema,
  RecordByTrueCountSchema,
  RecordPageSchema,
  RecordPostBodySchema,
  RecordPostResponseSchema,
  RecordQuerySchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { readRecordByTrueCount } from './by-true-count.ts';
import { addRecordEntries, listRecordEntries } from './record.ts';

export const recordRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const auth = { onRequest: app.requireUser };

  r.post(
    '/api/me/record',
    { ...auth, schema: { body: RecordPostBodySchema, response: { 200: RecordPostResponseSchema } } },
    async (request) => ({ stored: await addRecordEntries(db, request.userId(), request.body.entries) }),
  );

  r.get(
    '/api/me/record',
    { ...auth, schema: { querystring: RecordQuerySchema, response: { 200: RecordPageSchema } } },
    async (request) => ({ entries: await listRecordEntries(db, request.userId(), request.query) }),
  );

  // The player's own result per true count (ADR 0060).
  r.get(
    '/api/me/record/by-true-count',
    { ...auth, schema: { querystring: RecordByTrueCountQuerySchema, response: { 200: RecordByTrueCountSchema } } },
    async (request) => readRecordByTrueCount(db, request.userId(), request.query),
  );
};
