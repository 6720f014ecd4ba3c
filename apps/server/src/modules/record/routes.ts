/**
 * The signed-in player's record under /api/me/record (contract: packages/shared/src/api/record.ts).
 * Bodies and queries are the shared zod schemas, so bad input is 400 VALIDATION_FAILED and
 * stores nothing.
 */
import {
  RecordPageSchema,
  RecordPostBodySchema,
  RecordPostResponseSchema,
  RecordQuerySchema,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
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
};
