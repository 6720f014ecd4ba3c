import { useLayoutEffect, useRef } from 'react';
import { shortcutFor, type ShortcutAction } from '../model/shortcut-keys.ts';

// Keyboard play while the table is on screen (the keys: model/shortcut-keys.ts). Typing in a
// field (the count check, the settings) or working in a dialog never triggers a move, and
// modifier keys are left to the browser.

export type { ShortcutAction };

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null;
}

/** `handler` returns true when it used the key (then the browser's default, e.g. scrolling on space, is suppressed). */
export function useTableShortcuts(enabled: boolean, handler: (action: ShortcutAction) => boolean): void {
  const latest = useRef(handler);
  // A layout effect, not a passive one: the new state is on screen as soon as React commits,
  // and a passive effect runs after paint, so a key pressed in between went to the last
  // render's handler (still "busy") and was dropped: the e2e keyboard round lost its hit.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  // Attached in the commit as well, so the keys work as soon as the table is on screen.
  useLayoutEffect(() => {
    if (!enabled) return;
    // A focused button is activated by space (and Enter) on key-up: once a key has acted,
    // its key-up must not also press the chip or button that happens to have focus.
    let used: string | null = null;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || isTyping(event.target)) return;
      const action = shortcutFor(event.key);
      if (action && latest.current(action)) {
        event.preventDefault();
        used = event.key;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (used !== null && event.key === used) {
        used = null;
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [enabled]);
}
