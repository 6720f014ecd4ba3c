import { useRef } from 'react';
import { useWindowKeydown } from '@/shared/lib/use-window-keydown.ts';
import { shortcutFor, type ShortcutAction } from '../model/shortcut-keys.ts';

// Keyboard play while the table is on screen (the keys: model/shortcut-keys.ts). Typing in a
// field (the count check, the settings) or working in a dialog never triggers a move, and
// modifier keys are left to the browser.

export type { ShortcutAction };

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/** `handler` returns true when it used the key (then the browser's default, e.g. scrolling on space, is suppressed). */
export function useTableShortcuts(enabled: boolean, handler: (action: ShortcutAction) => boolean): void {
  // A focused button is activated by space (and Enter) on key-up: once a key has acted, its
  // key-up must not also press the chip or button that happens to have focus.
  const used = useRef<string | null>(null);
  // The handler of the last commit, listening from the commit on (shared/lib/use-window-keydown.ts):
  // a key pressed as soon as a new state is on screen reaches it (the e2e keyboard round once lost its hit).
  useWindowKeydown(
    (event) => {
      if (
        !enabled ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        event.repeat ||
        isTyping(event.target)
      )
        return;
      const action = shortcutFor(event.key);
      if (action && handler(action)) {
        event.preventDefault();
        used.current = event.key;
      }
    },
    (event) => {
      if (used.current !== null && event.key === used.current) {
        used.current = null;
        event.preventDefault();
      }
    },
  );
}
