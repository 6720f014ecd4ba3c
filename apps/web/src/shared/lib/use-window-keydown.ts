import { useLayoutEffect, useRef } from 'react';

/**
 * Listens for keys on the whole window (key-up too, when asked) with the handlers of the last commit.
 *
 * The handler is swapped in by a layout effect, not a passive one: the new state is on screen as
 * soon as React commits, and a passive effect may run after paint, so a key pressed in between went
 * to the last render's handler and was dropped (the table's keyboard round lost a hit; the
 * countdown lost its first Space, seen in CI as "50 / 50 cards" after 50 presses). One listener
 * for the component's life: nothing is removed and re-added between two keys.
 */
export function useWindowKeydown(
  handler: (event: KeyboardEvent) => void,
  onKeyUp?: (event: KeyboardEvent) => void,
): void {
  const latest = useRef({ handler, onKeyUp });
  useLayoutEffect(() => {
    latest.current = { handler, onKeyUp };
  });
  // Attached in the commit too: a screen that has just appeared answers its first key.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => latest.current.handler(event);
    const onUp = (event: KeyboardEvent) => latest.current.onKeyUp?.(event);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onUp);
    };
  }, []);
}
