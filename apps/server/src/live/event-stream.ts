/**
 * A Server-Sent Events response that follows one (topic, key) of the live hub: the current
 * state is sent once at connect and after every change. Heartbeat comments keep proxies from
 * closing an idle stream; the client is removed when the socket closes.
 */
import { AppError } from '@card-counter/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionWatch } from '../http/session-watch.ts';
import type { LiveHub } from './live-hub.ts';
import type { LiveTopic } from './topics.ts';

export interface EventStreamOptions {
  hub: LiveHub;
  topic: LiveTopic;
  key: string;
  heartbeat_ms: number;
  /** The stream ends when this session ends or expires (checked by the app's SessionWatch). */
  session: { id: string; watch: SessionWatch };
}

/**
 * Answers the request with the stream. Refuses with 429 RATE_LIMITED when the player has too
 * many streams open, and with 503 LIVE_UPDATES_FULL (logged for the operator) when the process
 * cap is reached; both with Retry-After.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): void {
  const { hub, topic, key } = options;
  const raw = reply.raw;
  let open = true;
  const client = {
    send(event: string, data: string) {
      if (open) raw.write(`event: ${event}\ndata: ${data}\n\n`);
    },
    close() {
      if (open) raw.end();
      open = false;
    },
  };
  const added = hub.subscribe(topic, key, client);
  if (!added.ok) {
    reply.header('retry-after', '60');
    if (added.reason === 'process-full') {
      // The operator's signal that SSE_CLIENTS_MAX is too low for this server's load.
      request.log.warn({ reason: added.reason, topic }, 'live stream refused: SSE_CLIENTS_MAX reached');
      throw new AppError('LIVE_UPDATES_FULL');
    }
    throw new AppError('RATE_LIMITED', 'You have too many live tabs open. Close one to get live updates here.');
  }
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  const heartbeat = setInterval(() => {
    if (open) raw.write(': heartbeat\n\n');
  }, options.heartbeat_ms);
  const unwatch = options.session.watch.watch(options.session.id, () => client.close());
  const cleanup = (): void => {
    open = false;
    clearInterval(heartbeat);
    added.remove();
    unwatch();
  };
  request.raw.socket.on('close', cleanup);
  raw.on('close', cleanup);
  // The first event goes through the hub's per-key queue, so it cannot overtake a newer one.
  hub.changed(topic, key);
}
