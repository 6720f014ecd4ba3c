import { keyLabel, type ShortcutAction } from '../model/shortcut-keys.ts';

/** The key of a button's action, shown on the button (from a small screen up: phones have no keys). */
export function Kbd({ action, show }: { action: ShortcutAction; show: boolean }) {
  if (!show) return null;
  return (
    <kbd aria-hidden="true" className="ml-1.5 hidden rounded border border-current/40 px-1 font-mono text-[0.7rem] opacity-70 sm:inline">
      {keyLabel(action)}
    </kbd>
  );
}
