/**
 * A Server-Sent Events response that follows one (topic, key) of the live hub: the current
 * state is sent once at connect and after every change. Heartbeat comments keep proxies from
 * closing an idle stream; the client is removed when the socket closes.
 */
import { AppError } from '@card-counter/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub } from './live-hub.ts';
import type { LiveTopic } from './topics.ts';

export interface EventStreamOptions {
  hub: LiveHub;
  topic: LiveTopic;
  key: string;
  heartbeat_ms: number;
}

/** Answers the request with the stream; refuses with 429 RATE_LIMITED when the caps are reached. */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): void {
  const { hub, topic, key } = options;
  const raw = reply.raw;
  let open = true;
  const added = hub.subscribe(topic, key, {
    send(event, data) {
      if (open) raw.write(`event: ${event}\ndata: ${data}\n\n`);
    },
    close() {
      if (open) raw.end();
      open = false;
    },
  });
  if (!added.ok) {
    throw new AppError('RATE_LIMITED', 'Too many live connections. Close another tab and try again.');
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
  const cleanup = (): void => {
    open = false;
    clearInterval(heartbeat);
    added.remove();
  };
  request.raw.socket.on('close', cleanup);
  raw.on('close', cleanup);
  // The first event goes through the hub's per-key queue, so it cannot overtake a newer one.
  hub.changed(topic, key);
}
