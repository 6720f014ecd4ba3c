import { createRoot, type Root } from 'react-dom/client';

// Rendering as the app runs outside tests: updates come from outside act() (a key handler, a
// server's answer), so the renderer keeps its own timing: layout effects run in the commit,
// passive ones later (after paint). For regressions where something must work the
// moment it is on screen, before any passive effect has run.

type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** Runs `body` with a root of its own, act() off; unmounts and restores after. */
export async function outsideAct<T>(body: (root: Root, host: HTMLElement) => Promise<T>): Promise<T> {
  const flag = globalThis as ActFlag;
  const previous = flag.IS_REACT_ACT_ENVIRONMENT;
  flag.IS_REACT_ACT_ENVIRONMENT = false;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  try {
    return await body(root, host);
  } finally {
    root.unmount();
    host.remove();
    flag.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/**
 * Calls `then` from the first microtask after an element matching `selector` is in the document
 * (put there, or an attribute changed to match: a MutationObserver runs after the commit's layout
 * effects, before its passive ones).
 */
export function whenShown(selector: string, then: (element: Element) => void): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = document.querySelector(selector);
      if (!element) return;
      observer.disconnect();
      then(element);
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** Waits (bounded: 100 ms) until `done` holds; answers whether it did. */
export async function settles(done: () => boolean): Promise<boolean> {
  for (let i = 0; i < 20 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return done();
}
