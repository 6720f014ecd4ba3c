import { Dialog } from '@/shared/ui/dialog.tsx';
import { SHORTCUT_KEYS } from '../model/shortcut-keys.ts';

/** The `?` dialog: every key of the table and what it does. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="shortcut-list">
        {SHORTCUT_KEYS.map((k) => (
          <div key={k.action} className="contents">
            <dt>
              <kbd className="rounded border border-slate-500 px-1.5 font-mono text-xs text-slate-100">{k.label}</kbd>
            </dt>
            <dd>{k.what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
