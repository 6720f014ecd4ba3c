/**
 * Every 429 carries the standard `Retry-After` header (seconds), whoever produced it: the
 * auth library's limiter (which only sends its own `X-Retry-After`), the stream caps, or a
 * future limiter. One onSend hook on the root instance, so no route can forget it.
 */
import type { FastifyInstance } from 'fastify';

/** When the refusing code gave no hint: short enough not to strand a player, long enough to back off. */
export const DEFAULT_RETRY_AFTER_s = 10;
function seconds(value: unknown, max_s: number): number | undefined {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(Math.ceil(n), max_s) : undefined;
}

/**
 * `hintMax_s` is the longest window of any limiter in the app; hints are clamped to it. The
 * auth library's own hint is wrong on PostgreSQL (it reads its bigint `lastRequest` as a
 * string and concatenates), so without the clamp a player would be told to wait for years.
 */
export function installRetryAfter(app: FastifyInstance, hintMax_s: number): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 429 || reply.hasHeader('retry-after')) return payload;
    const hint =
      seconds(reply.getHeader('x-retry-after'), hintMax_s) ?? Math.min(DEFAULT_RETRY_AFTER_s, hintMax_s);
    reply.header('retry-after', String(hint));
    return payload;
  });
}
