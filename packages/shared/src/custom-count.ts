/**
 * A count of the player's own, as the API carries it: tags for A, 2..9 and T (integers or
 * halves), and for an unbalanced count its IRC (one deck), key count and pivot. The same checks
 * as the engine's parseCustomCount (packages/engine src/counting/custom.ts), with the same
 * stable reasons: test/custom-count.test.ts runs both on the same inputs and holds them equal.
 * A request with a bad custom count is a 400 INVALID_CUSTOM_COUNT whose details name the reason
 * and the field (the server's error handler reads them off this schema's issue).
 */
import type { CustomCount, CustomCountCode } from '@card-counter/engine';
import { z } from './zod.ts';

export const CUSTOM_COUNT_TAG_KEYS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'] as const;
/** A tag is at most this many points either way; IRC, key and pivot at most this far from 0. */
export const CUSTOM_COUNT_TAG_MAX = 4;
export const CUSTOM_COUNT_RUNNING_MAX = 50;

/** Why a custom count was refused (the engine's CUSTOM_COUNT_CODES, checked equal below). */
export const CUSTOM_COUNT_REASONS = [
  'COUNT_NOT_AN_OBJECT',
  'COUNT_UNKNOWN_FIELD',
  'TAGS_NOT_AN_OBJECT',
  'TAG_MISSING',
  'TAG_UNKNOWN',
  'TAG_NOT_A_HALF',
  'TAG_OUT_OF_RANGE',
  'TAGS_ALL_ZERO',
  'UNBALANCED_NEEDS_IRC_KEY_PIVOT',
  'BALANCED_TAKES_NO_IRC_KEY_PIVOT',
  'COUNT_VALUE_NOT_A_HALF',
  'COUNT_VALUE_OUT_OF_RANGE',
] as const;
export type CustomCountReason = (typeof CUSTOM_COUNT_REASONS)[number];

export interface CustomCountProblem {
  reason: CustomCountReason;
  /** Where, from the count: [] for the count itself, ['tags', '5'], ['irc'], ... */
  path: string[];
  message: string;
}

const isHalf = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && Number.isInteger(x * 2);
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The first problem of a custom count, or null when it is good. */
export function customCountProblem(input: unknown): CustomCountProblem | null {
  const problem = (reason: CustomCountReason, path: string[], message: string): CustomCountProblem => ({ reason, path, message });
  if (!isObject(input)) return problem('COUNT_NOT_AN_OBJECT', [], 'a custom count must be an object: { tags, irc?, key?, pivot? }.');
  for (const key of Object.keys(input)) {
    if (!['tags', 'irc', 'key', 'pivot'].includes(key)) return problem('COUNT_UNKNOWN_FIELD', [key], `unknown field "${key}" in the custom count.`);
  }
  const tags = input.tags;
  if (!isObject(tags)) return problem('TAGS_NOT_AN_OBJECT', ['tags'], 'tags must be an object with a tag for A, 2, 3, 4, 5, 6, 7, 8, 9 and T.');
  for (const key of Object.keys(tags)) {
    if (!(CUSTOM_COUNT_TAG_KEYS as readonly string[]).includes(key)) {
      return problem('TAG_UNKNOWN', ['tags', key], `unknown card "${key}" in the tags: use A, 2..9 and T (T tags every ten-valued card).`);
    }
  }
  let deckSum = 0;
  for (const key of CUSTOM_COUNT_TAG_KEYS) {
    const t = tags[key];
    if (t === undefined) return problem('TAG_MISSING', ['tags', key], `the tags need a tag for ${key}.`);
    if (!isHalf(t)) return problem('TAG_NOT_A_HALF', ['tags', key], `the tag of ${key} must be a whole or half number (got ${JSON.stringify(t)}).`);
    if (Math.abs(t) > CUSTOM_COUNT_TAG_MAX) {
      return problem('TAG_OUT_OF_RANGE', ['tags', key], `the tag of ${key} must be between -${CUSTOM_COUNT_TAG_MAX} and ${CUSTOM_COUNT_TAG_MAX} (got ${t}).`);
    }
    deckSum += t * (key === 'T' ? 16 : 4);
  }
  if (CUSTOM_COUNT_TAG_KEYS.every((k) => tags[k] === 0)) return problem('TAGS_ALL_ZERO', ['tags'], 'a count needs at least one card with a tag other than 0.');
  const given = (['irc', 'key', 'pivot'] as const).filter((f) => input[f] !== undefined);
  if (deckSum === 0) {
    const first = given[0];
    return first === undefined
      ? null
      : problem('BALANCED_TAKES_NO_IRC_KEY_PIVOT', [first], 'a balanced count starts at 0 and is played on the true count: it takes no IRC, key or pivot.');
  }
  for (const f of ['irc', 'key', 'pivot'] as const) {
    const x = input[f];
    if (x === undefined) {
      return problem('UNBALANCED_NEEDS_IRC_KEY_PIVOT', [f], 'an unbalanced count (its tags do not sum to 0 over a deck) needs its IRC (for one deck), key count and pivot.');
    }
    if (!isHalf(x)) return problem('COUNT_VALUE_NOT_A_HALF', [f], `${f} must be a whole or half number (got ${JSON.stringify(x)}).`);
    if (Math.abs(x) > CUSTOM_COUNT_RUNNING_MAX) {
      return problem('COUNT_VALUE_OUT_OF_RANGE', [f], `${f} must be between -${CUSTOM_COUNT_RUNNING_MAX} and ${CUSTOM_COUNT_RUNNING_MAX} (got ${x}).`);
    }
  }
  return null;
}

/**
 * The custom count of a request or an answer. A problem is one issue at its field, carrying its
 * reason in `params.customCount` (what the server's error handler answers with). No transform:
 * answers are encoded with the same schema, and a transform cannot be run backwards.
 */
export const CustomCountSchema = z.custom<CustomCount>().check(
  z.superRefine((value, ctx) => {
    const p = customCountProblem(value);
    if (p)
      ctx.addIssue({ code: 'custom', message: p.message, path: p.path, params: { customCount: p.reason } });
  }),
);

// The reasons are the engine's codes, and the schema's value the engine's type, both ways (the
// build fails when they drift apart).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type CustomCountMatchesEngine = [Assert<Same<CustomCountReason, CustomCountCode>>, Assert<Same<z.infer<typeof CustomCountSchema>, CustomCount>>];
