import { lazy } from 'react';
import { CHUNK_LOAD_TIMEOUT_ms } from '@card-counter/shared';

/** A lazy chunk that did not arrive in time (a stalled connection): the route error screen offers a reload. */
export class ChunkLoadTimeoutError extends Error {
  constructor(timeout_ms: number) {
    super(`The page did not finish downloading within ${Math.round(timeout_ms / 1000)} seconds. Check your connection and reload.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Settles like `load`, or rejects with ChunkLoadTimeoutError after `timeout_ms`. */
export function withChunkTimeout<T>(load: Promise<T>, timeout_ms: number = CHUNK_LOAD_TIMEOUT_ms): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeout_ms)), timeout_ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * React.lazy bounded by the chunk-load timeout: a chunk that fails (a new release replaced it)
 * or stalls ends in the route's error screen with a reload, never in an endless spinner.
 * Every lazy import of the app goes through here.
 */
export const lazyChunk: typeof lazy = (load) => lazy(() => withChunkTimeout(load()));
