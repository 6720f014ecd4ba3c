import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
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

export type LazyChunk<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
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
 *
 * A chunk that has arrived already (preloaded, or shown before) renders at once: React.lazy
 * would suspend on its first render anyway, show the fallback, and then hold the page back for
 * its fallback throttle (300 ms), which measured as the guest's table painting 300 ms after its
 * chunks were in. Each mount picks one of the two once, so a chunk that lands while shown keeps
 * its state.
 */
export function lazyChunk<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyChunk<T> {
  let loading: Promise<{ default: T }> | null = null;
  let loaded: T | null = null;
  const start = () =>
    (loading ??= withChunkTimeout(load()).then((chunk) => {
      loaded = chunk.default;
      return chunk;
    }));
  const Lazy = lazy(start);
  function Chunk(props: ComponentProps<T>) {
    const [component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Chunk, {
    preload: () => {
      // The render reports a failure (React.lazy gets the same promise); here it is only observed.
      start().catch(() => undefined);
    },
  });
}
