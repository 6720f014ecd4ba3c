/**
 * One check of every request's text, for every route, before validation and handlers (a root
 * preValidation hook): no string the request carries (query, path params, body, object keys
 * included) holds a NUL character or a lone UTF-16 surrogate, and no body nests deeper than
 * JSON_DEPTH_MAX. PostgreSQL refuses NUL in text and `\u0000` or an unpaired `\ud800` in jsonb,
 * so such a string used to pass the zod schemas, reach the database and fail there as 500;
 * a body nested 5,000 deep overflowed the stack of code that recurses (zod's size check calls
 * JSON.stringify). Refused here as 400 VALIDATION_FAILED naming the field, with
 * `details.reason` (INPUT_REFUSAL_REASONS) so a client can tell them apart, and nothing runs.
 * A query whose percent-encoding does not decode (`%ED%A0%80`, a surrogate's bytes, is the
 * only way to put one in a URL) is 400 MALFORMED_URL, as the router answers for such a path.
 * test/error-contract.test.ts sends these inputs to every route.
 */
import { AppError } from '@card-counter/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Containers (objects, arrays) one body may nest; the app's own bodies use fewer than 10. */
export const JSON_DEPTH_MAX = 64;
/**
 * Values one walk may visit: far above what a body of BODY_LIMIT_bytes (64 KiB, at least one
 * byte per value) or a URL within the header limit can hold, so reaching it is a bug.
 */
const VALUES_MAX = 1_000_000;
/** A key longer than this is cut in messages (a key may be as long as the body). */
const PATH_SEGMENT_CHARS_MAX = 40;

export const INPUT_REFUSAL_REASONS = ['NUL_CHARACTER', 'LONE_SURROGATE', 'NESTED_TOO_DEEP'] as const;
export type InputRefusalReason = (typeof INPUT_REFUSAL_REASONS)[number];

export interface InputProblem {
  /** Where, as validation messages name fields: `body.settings.rules`, `query.after`. */
  path: string;
  reason: InputRefusalReason;
  /** The problem is in a key of the object at `path`, not in a value. */
  inKey: boolean;
}

/** In unicode mode a well-formed pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): InputRefusalReason | null {
  if (text.includes('\0')) return 'NUL_CHARACTER';
  if (LONE_SURROGATE.test(text)) return 'LONE_SURROGATE';
  return null;
}

function segment(key: string): string {
  return key.length <= PATH_SEGMENT_CHARS_MAX ? key : `${key.slice(0, PATH_SEGMENT_CHARS_MAX)}...`;
}

/**
 * The first problem in a parsed value (JSON, a query or params object), or null. Iterative
 * with an explicit stack: a value nested deeper than the JS stack allows is walked safely and
 * refused at JSON_DEPTH_MAX, before anything downstream can recurse into it.
 */
export function findInputProblem(root: unknown, rootPath: string): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: rootPath, depth: 0 },
  ];
  for (let visited = 0; ; visited++) {
    const item = stack.pop();
    if (item === undefined) return null;
    if (visited >= VALUES_MAX) throw new Error(`input guard: more than ${VALUES_MAX} values in one request`);
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      const reason = textProblem(value);
      if (reason !== null) return { path, reason, inKey: false };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // Only containers count: a string inside 64 arrays is still at 64 levels.
    if (depth >= JSON_DEPTH_MAX) return { path, reason: 'NESTED_TOO_DEEP', inKey: false };
    if (Array.isArray(value)) {
      // Pushed last to first, so the first bad element is the one reported.
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i] as unknown, path: `${path}.${i}`, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [key] of entries) {
      const reason = textProblem(key);
      if (reason !== null) return { path, reason, inKey: true };
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      stack.push({ value: child, path: `${path}.${segment(key)}`, depth: depth + 1 });
    }
  }
}

/** What the auth library (better-call) parses as JSON: application/json and any `+json`. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * The body as the walk sees it. The app's JSON parser gives a parsed value; the auth routes
 * (a string) and the webhook (a Buffer, kept for its signature) get their bytes raw, so JSON
 * and form bodies are read here the way their handlers will read them, else the text itself.
 */
function bodyValue(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  if (!Buffer.isBuffer(body) && typeof body !== 'string') return body;
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  const type = String(request.headers['content-type'] ?? '');
  if (JSON_TYPE.test(type)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text; // malformed: its handler refuses it; a NUL in it is still found here
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    // URLSearchParams decodes bad percent-encoding to U+FFFD, so only NUL can come through.
    return [...new URLSearchParams(text)];
  }
  return text;
}

/** False when a part of the query string is not valid percent-encoded UTF-8. */
export function queryDecodes(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return true;
  for (const part of url.slice(at + 1).split(/[&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part);
    } catch {
      return false;
    }
  }
  return true;
}

function refusal(problem: InputProblem): AppError {
  const what = problem.inKey ? `${problem.path}: a key` : problem.path;
  const message =
    problem.reason === 'NESTED_TOO_DEEP'
      ? `${what}: nests deeper than ${JSON_DEPTH_MAX} levels`
      : problem.reason === 'NUL_CHARACTER'
        ? `${what}: must not contain a NUL character`
        : `${what}: must be valid Unicode text (it holds a lone surrogate)`;
  return new AppError('VALIDATION_FAILED', message, { reason: problem.reason });
}

/** Call on the root instance before any route or plugin is registered, so it covers them all. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!queryDecodes(request.url)) throw new AppError('MALFORMED_URL');
    const problem =
      findInputProblem(request.query, 'query') ??
      findInputProblem(request.params, 'params') ??
      findInputProblem(bodyValue(request), 'body');
    if (problem !== null) {
      request.log.info({ path: problem.path, reason: problem.reason }, 'request refused by the input guard');
      throw refusal(problem);
    }
  });
}
