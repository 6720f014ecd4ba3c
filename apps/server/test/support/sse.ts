/**
 * The one event-stream reader of the server tests, over real HTTP (inject cannot hold a stream
 * open): every event block as the server sent it, split on the blank line that ends a block,
 * until the server ends the response or the test calls `close()`.
 */
import { expect } from 'vitest';
import { TEST_APP_URL } from './app.ts';

export interface SseCapture {
  /** Every block received so far ('event: ...\ndata: ...', or ': heartbeat'), in order. */
  blocks: string[];
  /** Everything received so far, as sent. */
  text(): string;
  /** The response's Content-Type. */
  contentType: string | null;
  /** Resolves when the response ends (the server ended it, or `close()`). */
  ended: Promise<void>;
  close(): Promise<void>;
}

/** Opens the stream at `url` with a session cookie, from the app's origin; expects 200. */
export async function openSse(url: string, cookie: string): Promise<SseCapture> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, origin: TEST_APP_URL }, signal: controller.signal });
  expect(res.status).toBe(200);
  const blocks: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let buffer = '';
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      received += value;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        blocks.push(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
      }
    }
  })();
  return {
    blocks,
    text: () => received,
    contentType: res.headers.get('content-type'),
    ended,
    async close() {
      controller.abort();
      await ended;
    },
  };
}

/** The JSON of a block's `data:` line, or undefined when the block has none. */
export function sseData(block: string): unknown {
  const data = block.split('\n').find((l) => l.startsWith('data: '));
  return data === undefined ? undefined : JSON.parse(data.slice(6));
}
