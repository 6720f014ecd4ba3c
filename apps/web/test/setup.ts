import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are lazy chunks: the first render of one in a test run waits for Vite to transform
// its modules, which on a busy machine takes longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no matchMedia; uPlot (the simulator's and trainer's charts) reads it when its
// module loads. Never matching is what a plain screen answers.
// (A test of the build runs in Node, without a window.)
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Vitest runs without globals, so Testing Library's automatic cleanup is not registered.
afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
});
