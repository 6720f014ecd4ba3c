import { useEffect, useRef } from 'react';

// Keyboard play while the table is on screen: H, S, D, P, R for the moves and space to deal.
// Typing in a field (the count check, the settings) never triggers a move, and modifier keys
// are left to the browser.

export type ShortcutAction = 'hit' | 'stand' | 'double' | 'split' | 'surrender' | 'deal';

const KEYS: Record<string, ShortcutAction> = { h: 'hit', s: 'stand', d: 'double', p: 'split', r: 'surrender', ' ': 'deal' };

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null;
}

/** `handler` returns true when it used the key (then the browser's default, e.g. scrolling on space, is suppressed). */
export function useTableShortcuts(enabled: boolean, handler: (action: ShortcutAction) => boolean): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    // A focused button is activated by space on key-up: once space has dealt, its key-up must
    // not also press the chip or button that happens to have focus.
    let spaceUsed = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || isTyping(event.target)) return;
      const action = KEYS[event.key.toLowerCase()];
      if (action && latest.current(action)) {
        event.preventDefault();
        if (action === 'deal') spaceUsed = true;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' && spaceUsed) {
        spaceUsed = false;
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
