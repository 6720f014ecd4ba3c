import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

/** A lazy component whose chunk can be asked for before it renders (see preload). */
// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type LazyChunk<T extends AnyComponent> = LazyExoticComponent<T> & {
  /**
   * Starts the download now; the render later uses the same download. The startup screen asks
   * for the requested route's chunks while it shows, so they are not fetched one after another
   * after it (docs/decisions/0036-first-load-cuts.md). A failure surfaces at the render.
   */
  preload: () => void;
};

/**
 * React.lazy bounded by the chunk-load timeout: a chunk that fails (a new release replaced it)
 * or stalls ends in the route's error screen with a reload, never in an endless spinner.
 * Every lazy import of the app goes through here.
 */
export function lazyChunk<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyChunk<T> {
  let loading: Promise<{ default: T }> | null = null;
  const start = () => (loading ??= withChunkTimeout(load()));
  return Object.assign(lazy(start), {
    preload: () => {
      // The render reports a failure (React.lazy gets the same promise); here it is only observed.
      start().catch(() => undefined);
    },
  });
}
