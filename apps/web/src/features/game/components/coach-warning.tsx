import type { PlayerAction } from '@card-counter/engine';
import { ariaKey } from '../model/shortcut-keys.ts';
import { MOVE_NAMES as NAMES } from '../model/hand-labels.ts';
import { Kbd } from './kbd.tsx';

export interface CoachWarningProps {
  warning: { chosen: PlayerAction; recommended: PlayerAction };
  onConfirm: () => void;
  onCancel: () => void;
  shortcuts: boolean;
}

/** Warn mode: the move held back until the player confirms it or takes it back. */
export function CoachWarning({ warning, onConfirm, onCancel, shortcuts }: CoachWarningProps) {
  return (
    <div role="alertdialog" aria-label="Coach warning" className="rounded-lg border border-amber-400/60 bg-amber-950/50 p-3 text-center lg:text-left">
      <p className="mb-2 font-semibold text-amber-100">
        The coach says {NAMES[warning.recommended]}. {NAMES[warning.chosen]} anyway?
      </p>
      <div className="flex justify-center gap-2 lg:justify-start">
        <button type="button" onClick={onConfirm} aria-keyshortcuts={shortcuts ? ariaKey('confirm') : undefined} className="rounded-md bg-amber-400 px-4 py-2 text-sm font-bold text-amber-950 lg:px-3 lg:py-1.5">
          {NAMES[warning.chosen]} anyway
          <Kbd action="confirm" show={shortcuts} />
        </button>
        <button type="button" onClick={onCancel} aria-keyshortcuts={shortcuts ? ariaKey('takeBack') : undefined} className="rounded-md bg-slate-700 px-4 py-2 text-sm font-bold text-white lg:px-3 lg:py-1.5">
          Take it back
          <Kbd action="takeBack" show={shortcuts} />
        </button>
      </div>
    </div>
  );
}
