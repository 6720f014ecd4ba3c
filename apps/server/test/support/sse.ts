/**
 * An event stream over real HTTP (inject cannot hold a stream open): every event block as the
 * server sent it, split on the blank line that ends a block, until `close()`.
 */
import { expect } from 'vitest';
import { TEST_APP_URL } from './app.ts';

export interface SseCapture {
  /** Every block received so far ('event: ...\ndata: ...'), in order. */
  blocks: string[];
  close(): Promise<void>;
}

export async function openSse(url: string, cookie: string): Promise<SseCapture> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, origin: TEST_APP_URL }, signal: controller.signal });
  expect(res.status).toBe(200);
  const blocks: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
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
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/** The JSON of a block's `data:` line, or undefined when the block has none. */
export function sseData(block: string): unknown {
  const data = block.split('\n').find((l) => l.startsWith('data: '));
  return data === undefined ? undefined : JSON.parse(data.slice(6));
}
