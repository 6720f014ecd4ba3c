// The table's keys: a key the table used has its key-up suppressed too (a focused chip or button
// would otherwise be pressed by the same space or Enter); keys are left alone when off or typing.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTableShortcuts, type ShortcutAction } from '@/features/game/hooks/use-table-shortcuts.ts';

function press(key: string, target: EventTarget = window): { down: boolean; up: boolean } {
  const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  const up = new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(down);
  target.dispatchEvent(up);
  return { down: down.defaultPrevented, up: up.defaultPrevented };
}

describe('useTableShortcuts', () => {
  it('a used key has its key-down and key-up suppressed; a key it did not use keeps both', () => {
    const actions: ShortcutAction[] = [];
    renderHook(() => useTableShortcuts(true, (action) => (actions.push(action), action === 'deal')));
    expect(press(' ')).toEqual({ down: true, up: true });
    expect(press('h')).toEqual({ down: false, up: false });
    expect(actions).toEqual(['deal', 'hit']);
  });

  it('does nothing when off, nor while typing in a field', () => {
    const actions: ShortcutAction[] = [];
    const { rerender } = renderHook(
      ({ on }) => useTableShortcuts(on, (action) => (actions.push(action), true)),
      { initialProps: { on: false } },
    );
    expect(press(' ')).toEqual({ down: false, up: false });
    rerender({ on: true });
    const field = document.body.appendChild(document.createElement('input'));
    expect(press('h', field)).toEqual({ down: false, up: false });
    field.remove();
    expect(press('h')).toEqual({ down: true, up: true });
    expect(actions).toEqual(['hit']);
  });
});
