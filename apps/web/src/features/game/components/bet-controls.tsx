import type { Betting } from '../hooks/use-betting.ts';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

const BUTTON = 'rounded-full border border-slate-500 px-3 py-1.5 text-sm font-semibold text-slate-200 hover:bg-slate-800 disabled:opacity-40';

/** Between rounds: the last round's bets again, the same bet on every spot, and the key list. */
export function BetControls({ betting, spots, shortcuts, onHelp }: { betting: Betting; spots: number; shortcuts: boolean; onHelp: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {/* Only when it would change something: the bets of the last round usually stay on their own. */}
      {betting.canRebet && (
        <button type="button" onClick={betting.rebet} aria-keyshortcuts={shortcuts ? ariaKey('rebet') : undefined} title="The last round's bets again" className={BUTTON}>
          Rebet
          <Kbd action="rebet" show={shortcuts} />
        </button>
      )}
      {spots > 1 && (
        <button type="button" onClick={betting.sameOnAll} disabled={!betting.canSameOnAll} aria-keyshortcuts={shortcuts ? ariaKey('sameOnAll') : undefined} className={BUTTON}>
          Same bet on every spot
          <Kbd action="sameOnAll" show={shortcuts} />
        </button>
      )}
      {shortcuts && (
        <button type="button" onClick={onHelp} aria-keyshortcuts="?" className="hidden rounded-full px-3 py-1.5 text-sm text-emerald-300 hover:underline sm:inline">
          Keys <kbd className="rounded border border-current/40 px-1 font-mono text-[0.7rem]">?</kbd>
        </button>
      )}
    </div>
  );
}
