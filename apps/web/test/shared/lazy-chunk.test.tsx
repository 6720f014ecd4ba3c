import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Suspense, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_ms } from '@card-counter/shared';
import { RouteErrorBoundary } from '@/app/route-error.tsx';
import { ChunkLoadTimeoutError, lazyChunk, withChunkTimeout } from '@/shared/lib/lazy-chunk.ts';

/** A page as a route renders it: inside the router, the route's error boundary and a Suspense. */
function renderInRoute(page: ReactNode, reload?: () => void) {
  return render(
    <MemoryRouter>
      <RouteErrorBoundary resetKey="default" reload={reload}>
        <Suspense fallback={null}>{page}</Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('lazy chunks are bounded by the chunk-load timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('a chunk that stalls fails after CHUNK_LOAD_TIMEOUT_ms, not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const load = withChunkTimeout(new Promise<never>(() => undefined)).catch((error: unknown) => {
      settled(error);
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_ms - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await load;
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('a chunk that arrives in time is used, and its timer is cleared', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(Promise.resolve('chunk'))).resolves.toBe('chunk');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a chunk that fails to download shows the route error screen with a reload, not a blank page', async () => {
    const Page = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page-old.js')));
    const reload = vi.fn();
    renderInRoute(<Page />, reload);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the error screen gives way to the next page the player goes to', async () => {
    const Broken = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')));
    const screenAt = (key: string, page: ReactNode) => (
      <RouteErrorBoundary resetKey={key}>
        <Suspense fallback={null}>{page}</Suspense>
      </RouteErrorBoundary>
    );
    const { rerender } = render(screenAt('first', <Broken />));
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    rerender(screenAt('second', <h1>Profile</h1>));
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull();
  });

  it('preload starts the download once, and the render uses that download', async () => {
    let resolveChunk: (chunk: { default: () => ReactNode }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ default: () => ReactNode }>((resolve) => (resolveChunk = resolve)));
    const Page = lazyChunk(load);
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    resolveChunk({ default: () => <h1>Table</h1> });
    expect(await screen.findByRole('heading', { name: 'Table' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that fails reports nothing itself; the render shows the route error screen', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const Page = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/gone.js')));
      Page.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      renderInRoute(<Page />);
      expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a chunk downloaded already (preloaded) renders at once, not after a fallback', async () => {
    // React shows a fallback for a lazy component whose promise it has not seen settle, and then
    // holds the content back for its fallback throttle (300 ms): a table whose chunks arrived
    // during the startup screen painted 300 ms after it (measured in Chromium).
    const Page = lazyChunk(() => Promise.resolve({ default: () => <h1>Table</h1> }));
    Page.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Table' })).toBeTruthy();
  });

  it('a chunk that arrives while shown keeps its state when its parent renders again', async () => {
    let resolveChunk: (chunk: { default: () => ReactNode }) => void = () => undefined;
    function Counter() {
      const [n, setN] = useState(0);
      return <button onClick={() => setN(n + 1)}>Pressed {n}</button>;
    }
    const Page = lazyChunk(() => new Promise<{ default: () => ReactNode }>((resolve) => (resolveChunk = resolve)));
    const view = (label: string) => (
      <Suspense fallback={<p>Loading...</p>}>
        <p>{label}</p>
        <Page />
      </Suspense>
    );
    const { rerender } = render(view('first'));
    resolveChunk({ default: Counter });
    fireEvent.click(await screen.findByRole('button', { name: 'Pressed 0' }));
    rerender(view('second'));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeTruthy();
  });
});
