// A count the player defines: a tag for the ace, 2..9 and the ten-valued cards (integers or
// halves), balanced or not. An unbalanced count also names its initial running count (for one
// deck), its key count and its pivot. Written as JSON the way counters write tags,
// {"A":-1,"2":1,...,"9":0,"T":-1}, so the CLI's --tags, the table's setCounting and the
// simulator all read the same thing. The contract's schema (packages/shared custom-count.ts)
// checks the same rules with the same codes (a shared test holds the two together).
import { COUNTING_SYSTEMS, getCountingSystem, scaledDeckSum, type CountId, type CountingSystem, type CountingSystemId } from './systems.ts';

export const TAG_KEYS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'] as const;
export type TagKey = (typeof TAG_KEYS)[number];
/** Tags in count points by card: A, 2..9, T (every ten-valued card). */
export type CountTags = Readonly<Record<TagKey, number>>;

export interface CustomCount {
  tags: CountTags;
  /**
   * Unbalanced only: the running count at the start of a one-deck shoe. A shoe of d decks
   * starts (d - 1) deck sums lower, so the pivot is the same count at any number of decks
   * (KO's book IRC 4 - 4d is 0 here; Red 7's -2d is -2).
   */
  irc?: number;
  /** Unbalanced only: the running count from which the player raises the bet. */
  key?: number;
  /** Unbalanced only: the running count at which the count means the same at any depth. */
  pivot?: number;
}

export const CUSTOM_COUNT_LIMITS = Object.freeze({
  /** A tag is at most this many points either way (the published multi-level counts use 3). */
  tag_max: 4,
  /** IRC, key and pivot are at most this far from 0. */
  runningCount_max: 50,
});

/** Why a custom count was refused: stable codes for programs (the message is for people). */
export const CUSTOM_COUNT_CODES = [
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
export type CustomCountCode = (typeof CUSTOM_COUNT_CODES)[number];

export class CustomCountError extends Error {
  constructor(
    readonly code: CustomCountCode,
    /** The field at fault: "tags.7", "irc", ... */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'CustomCountError';
  }
}

const isHalf = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && Number.isInteger(x * 2);
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** Checks tags as JSON gives them: exactly the keys A, 2..9, T; integers or halves within the limit; not all 0. */
export function parseCountTags(input: unknown): CountTags {
  if (!isObject(input)) throw new CustomCountError('TAGS_NOT_AN_OBJECT', 'tags', 'tags must be an object with a tag for A, 2, 3, 4, 5, 6, 7, 8, 9 and T.');
  for (const key of Object.keys(input)) {
    if (!(TAG_KEYS as readonly string[]).includes(key)) {
      throw new CustomCountError('TAG_UNKNOWN', `tags.${key}`, `unknown card "${key}" in the tags: use A, 2..9 and T (T tags every ten-valued card).`);
    }
  }
  const tags = {} as Record<TagKey, number>;
  for (const key of TAG_KEYS) {
    const t = input[key];
    if (t === undefined) throw new CustomCountError('TAG_MISSING', `tags.${key}`, `the tags need a tag for ${key}.`);
    if (!isHalf(t)) throw new CustomCountError('TAG_NOT_A_HALF', `tags.${key}`, `the tag of ${key} must be a whole or half number (got ${JSON.stringify(t)}).`);
    if (Math.abs(t) > CUSTOM_COUNT_LIMITS.tag_max) {
      throw new CustomCountError('TAG_OUT_OF_RANGE', `tags.${key}`, `the tag of ${key} must be between -${CUSTOM_COUNT_LIMITS.tag_max} and ${CUSTOM_COUNT_LIMITS.tag_max} (got ${t}).`);
    }
    tags[key] = t === 0 ? 0 : t;
  }
  if (TAG_KEYS.every((k) => tags[k] === 0)) throw new CustomCountError('TAGS_ALL_ZERO', 'tags', 'a count needs at least one card with a tag other than 0.');
  return tags;
}

/** Sum of the tags over one deck, in count points (0 for a balanced count). */
export function deckSumOfTags(tags: CountTags): number {
  return TAG_KEYS.reduce((sum, k) => sum + tags[k] * (k === 'T' ? 16 : 4), 0);
}

/** Checks a whole custom count (tags, and IRC, key and pivot exactly when it is unbalanced). */
export function parseCustomCount(input: unknown): CustomCount {
  if (!isObject(input)) throw new CustomCountError('COUNT_NOT_AN_OBJECT', 'custom', 'a custom count must be an object: { tags, irc?, key?, pivot? }.');
  for (const key of Object.keys(input)) {
    if (!['tags', 'irc', 'key', 'pivot'].includes(key)) throw new CustomCountError('COUNT_UNKNOWN_FIELD', key, `unknown field "${key}" in the custom count.`);
  }
  const tags = parseCountTags(input.tags);
  const fields = (['irc', 'key', 'pivot'] as const).filter((f) => input[f] !== undefined);
  if (deckSumOfTags(tags) === 0) {
    if (fields.length > 0) {
      throw new CustomCountError('BALANCED_TAKES_NO_IRC_KEY_PIVOT', fields[0] as string, 'a balanced count starts at 0 and is played on the true count: it takes no IRC, key or pivot.');
    }
    return { tags };
  }
  const out: CustomCount = { tags };
  for (const f of ['irc', 'key', 'pivot'] as const) {
    const x = input[f];
    if (x === undefined) {
      throw new CustomCountError('UNBALANCED_NEEDS_IRC_KEY_PIVOT', f, 'an unbalanced count (its tags do not sum to 0 over a deck) needs its IRC (for one deck), key count and pivot.');
    }
    if (!isHalf(x)) throw new CustomCountError('COUNT_VALUE_NOT_A_HALF', f, `${f} must be a whole or half number (got ${JSON.stringify(x)}).`);
    if (Math.abs(x) > CUSTOM_COUNT_LIMITS.runningCount_max) {
      throw new CustomCountError('COUNT_VALUE_OUT_OF_RANGE', f, `${f} must be between -${CUSTOM_COUNT_LIMITS.runningCount_max} and ${CUSTOM_COUNT_LIMITS.runningCount_max} (got ${x}).`);
    }
    out[f] = x === 0 ? 0 : x;
  }
  return out;
}

/** A system's tags as counters write them (Red 7's seven as its average, +0.5: red +1, black 0). */
export function tagsOfSystem(sys: Pick<CountingSystem, 'tags' | 'scale' | 'redSevenBonus'>): CountTags {
  const tags = {} as Record<TagKey, number>;
  TAG_KEYS.forEach((k, i) => {
    const v = i + 1;
    const scaled = (sys.tags[v] ?? 0) + (v === 7 ? sys.redSevenBonus / 2 : 0);
    tags[k] = scaled / sys.scale || 0;
  });
  return tags;
}

/** The counting system of checked custom tags (halves kept exact by a scale of 2). */
export function customSystemOfTags(tags: CountTags, ircOneDeck = 0): CountingSystem {
  const scale = TAG_KEYS.every((k) => Number.isInteger(tags[k])) && Number.isInteger(ircOneDeck) ? 1 : 2;
  const scaled = [0, ...TAG_KEYS.map((k) => tags[k] * scale)];
  return Object.freeze({
    id: 'custom',
    name: 'Custom count',
    balanced: scaledDeckSum({ tags: scaled, redSevenBonus: 0 }) === 0,
    tags: Object.freeze(scaled),
    scale,
    redSevenBonus: 0,
    ircOneDeckScaled: ircOneDeck * scale,
  });
}

/** Which count a table, a drill or a simulation uses: a built-in id, or 'custom' with its definition. */
export interface CountSpec {
  system: CountId;
  /** The definition, with system 'custom' (and only then). */
  custom?: CustomCount;
}

/** The counting system of a spec; a custom count is checked again here (CustomCountError). */
export function countingSystemOf(spec: CountSpec): CountingSystem {
  if (spec.system !== 'custom') {
    if (spec.custom !== undefined) throw new CustomCountError('COUNT_UNKNOWN_FIELD', 'custom', `a built-in count (${spec.system}) takes no custom definition.`);
    return getCountingSystem(spec.system);
  }
  if (spec.custom === undefined) throw new CustomCountError('COUNT_NOT_AN_OBJECT', 'custom', "the count 'custom' needs its definition: { tags, irc?, key?, pivot? }.");
  const c = parseCustomCount(spec.custom);
  return customSystemOfTags(c.tags, c.irc ?? 0);
}

/**
 * The built-in system a counting system counts exactly like (same tag of every card, same IRC
 * at any number of decks), or null. A custom count equal to Hi-Lo is Hi-Lo for everything that
 * is looked up by name: the published index plays, the precomputed index tables.
 */
export function builtInTwin(sys: CountingSystem): CountingSystemId | null {
  if (sys.id !== 'custom') return sys.id;
  const same = (a: CountingSystem, b: CountingSystem): boolean => {
    if (a.redSevenBonus / a.scale !== b.redSevenBonus / b.scale || a.ircOneDeckScaled / a.scale !== b.ircOneDeckScaled / b.scale) return false;
    for (let v = 1; v <= 10; v++) if ((a.tags[v] ?? 0) / a.scale !== (b.tags[v] ?? 0) / b.scale) return false;
    return true;
  };
  for (const b of Object.values(COUNTING_SYSTEMS)) if (same(sys, b)) return b.id as CountingSystemId;
  return null;
}

/** One string per distinct count: the built-in id, or the custom definition (tags and IRC). */
export function countKey(spec: CountSpec): string {
  if (spec.system !== 'custom') return spec.system;
  const sys = countingSystemOf(spec);
  return `custom:${TAG_KEYS.map((_, i) => (sys.tags[i + 1] ?? 0) / sys.scale).join(',')}:${sys.ircOneDeckScaled / sys.scale}`;
}
