/** The engine's inputs of a set from the API's (a query or a player's set): rules parsed, the convention. */
import { RulesError, parseRules, type Rules } from '@card-counter/engine';
import { AppError, type IndexSetQuery } from '@card-counter/shared';
import type { IndexSetSpec } from './set-key.ts';

type SpecInput = Pick<IndexSetQuery, 'count' | 'custom' | 'rules' | 'resolution' | 'rounding'>;

function rulesOf(query: SpecInput): Rules {
  try {
    return parseRules(query.rules ?? {});
  } catch (e) {
    if (e instanceof RulesError)
      throw new AppError('VALIDATION_FAILED', `querystring.rules.${e.key}: ${e.message}`, {
        field: `rules.${e.key}`,
      });
    throw e;
  }
}

export function specOf(query: SpecInput): IndexSetSpec {
  return {
    rules: rulesOf(query),
    count: query.count,
    ...(query.custom ? { custom: query.custom } : {}),
    trueCount: { resolution: query.resolution, rounding: query.rounding },
  };
}
