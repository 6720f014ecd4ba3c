/**
 * `GET /api/indices` (contract: packages/shared/src/api/indices.ts): the full index set of a count
 * for the player's rules and true-count convention, 200 when it is known, 202 with the job's
 * progress while it is generated (store.ts). A guest reads the sets already known (committed or
 * ready in the database); one that would need generating asks for a sign-in (401
 * NOT_AUTHENTICATED): a new set costs minutes of CPU (ADR 0052).
 */
import { INSURANCE_INDEX, indexPlays, publishedSetOf, type FullIndexSet } from '@card-counter/engine';
import {
  AppError,
  IndexSetGeneratingSchema,
  IndexSetQuerySchema,
  IndexSetSchema,
  PlayerIndexSetCsvQuerySchema,
  PlayerIndexSetsSchema,
  type IndexSetBody,
} from '@card-counter/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppModule } from '../module.ts';
import { IndexSets, readyIndexSet } from './store.ts';
import { csvOf, readPlayerSets, writePlayerSets } from './player-sets.ts';
import { specOf } from './spec.ts';
import type { IndexSetSpec } from './set-key.ts';

export const PUBLISHED_SUBSET_NAME = 'Illustrious 18 + Fab 4';

export const GUEST_GENERATE_MESSAGE =
  'Sign in to generate the index set for this count and these rules: it takes minutes of CPU.';

export const indicesRoutes: AppModule = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sets = new IndexSets(deps.db, deps.jobs, app.log, deps.indices ?? {});
  await sets.start();
  app.decorate('indexSets', sets);

  // A guest never sends a job (nor resends a stale one): only what is known is read.
  const knownToGuest = async (spec: IndexSetSpec): Promise<{ ready: FullIndexSet }> => {
    const ready = await readyIndexSet(deps.db, spec);
    if (ready === null) throw new AppError('NOT_AUTHENTICATED', GUEST_GENERATE_MESSAGE);
    return { ready };
  };

  r.get(
    '/api/indices',
    {
      onRequest: app.requireUser,
      config: { userOptional: true },
      schema: {
        querystring: IndexSetQuerySchema,
        response: { 200: IndexSetSchema, 202: IndexSetGeneratingSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const spec = specOf(query);
      // Hi-Lo's published numbers: the Illustrious 18 and Fab 4 for the dealer's soft-17 rule.
      const published =
        query.count === 'hi-lo' ? publishedSetOf(indexPlays(spec.rules), INSURANCE_INDEX) : null;
      if (query.set === 'published') {
        if (published === null)
          throw new AppError(
            'VALIDATION_FAILED',
            "querystring.set: the published set is Hi-Lo's (count=hi-lo).",
            { field: 'set' },
          );
        return reply
          .status(200)
          .send({ ...published, plays: [...published.plays], source: 'published', subsets: [] });
      }
      const found = request.user === undefined ? await knownToGuest(spec) : await sets.lookup(spec);
      if ('generating' in found)
        return reply.status(202).send({ status: 'generating', progress: found.generating });
      const body: IndexSetBody = {
        plays: [...found.ready.plays],
        insurance: found.ready.insurance,
        source: 'generated',
        subsets: published
          ? [
              {
                name: PUBLISHED_SUBSET_NAME,
                source: 'published',
                plays: [...published.plays],
                insurance: published.insurance,
              },
            ]
          : [],
      };
      return reply.status(200).send(body);
    },
  );

  // The player's own sets (player-sets.ts): read, replaced whole, one exported as CSV.
  r.get(
    '/api/me/index-sets',
    { onRequest: app.requireUser, schema: { response: { 200: PlayerIndexSetsSchema } } },
    async (request) => ({
      sets: await readPlayerSets(deps.db, request.userId()),
    }),
  );

  r.put(
    '/api/me/index-sets',
    {
      onRequest: app.requireUser,
      schema: { body: PlayerIndexSetsSchema, response: { 200: PlayerIndexSetsSchema } },
    },
    async (request) => {
      await writePlayerSets(deps.db, request.userId(), request.body.sets);
      return { sets: await readPlayerSets(deps.db, request.userId()) };
    },
  );

  r.get(
    '/api/me/index-sets/csv',
    { onRequest: app.requireUser, schema: { querystring: PlayerIndexSetCsvQuerySchema } },
    async (request, reply) => {
      const set = (await readPlayerSets(deps.db, request.userId())).find(
        (s) => s.name === request.query.name,
      );
      if (set === undefined)
        throw new AppError('NOT_FOUND', `You have no index set named "${request.query.name}".`);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="index-set.csv"`)
        .send(csvOf(set));
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The fleet's full index sets (store.ts): the table's grader reads the player's count's set. */
    indexSets: IndexSets;
  }
}
