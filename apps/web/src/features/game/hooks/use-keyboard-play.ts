import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { PLAYER_ACTIONS, type PlayerAction, type VisibleGameState } from '@card-counter/engine';
import { CHIPS } from '../components/chip-rack.tsx';
import type { ShortcutAction } from '../model/shortcut-keys.ts';
import type { Betting } from './use-betting.ts';
import type { useTableMoves } from './use-table-moves.ts';
import { useTableShortcuts } from './use-table-shortcuts.ts';

// A whole round by keyboard: bets, the deal, every decision (insurance and even money too) and
// the coach's warning, which takes its own keys instead of stopping them all.

type Moves = ReturnType<typeof useTableMoves>;

interface KeyboardPlay {
  state: VisibleGameState;
  busy: boolean;
  moves: Moves;
  betting: Betting;
  openHelp: () => void;
  /** T: the table settings (open or closed). */
  toggleSettings: () => void;
  /** O and U between rounds: the seat's controls (each undefined when its button is not shown). */
  seat: SeatKeys;
}

export interface SeatKeys {
  sitOut: (() => void) | undefined;
  newShoe: (() => void) | undefined;
}

/** What a key does between rounds: the chips, the bet controls, the spot picked and the deal. */
function betKey(action: ShortcutAction, play: KeyboardPlay): boolean {
  const { moves, betting } = play;
  const chip = /^chip(\d)$/.exec(action);
  if (chip) {
    const value = CHIPS[Number(chip[1])]?.value;
    if (value === undefined || !betting.canAdd(value)) return false;
    betting.add(value);
    return true;
  }
  const table: Partial<Record<ShortcutAction, [boolean, () => void]>> = {
    deal: [moves.dealable, moves.deal],
    clearBet: [betting.canClear, betting.clear],
    rebet: [betting.canRebet, betting.rebet],
    sameOnAll: [betting.canSameOnAll, betting.sameOnAll],
    sitOut: [play.seat.sitOut !== undefined, () => play.seat.sitOut?.()],
    newShoe: [play.seat.newShoe !== undefined, () => play.seat.newShoe?.()],
    prevSpot: [true, () => betting.select(betting.selected - 1)],
    nextSpot: [true, () => betting.select(betting.selected + 1)],
  };
  const entry = table[action];
  if (!entry || !entry[0]) return false;
  entry[1]();
  return true;
}

function isMove(action: ShortcutAction): action is PlayerAction {
  return (PLAYER_ACTIONS as readonly string[]).includes(action);
}

/** What a key does while a round is played: insurance, the coach's warning, then the moves. */
function roundKey(action: ShortcutAction, { state, moves }: KeyboardPlay): boolean {
  if (state.gamePhase === 'insurance') {
    if (action !== 'insure' && action !== 'decline') return false;
    if (action === 'insure' && !state.canTakeInsurance) return false;
    moves.insure(action === 'insure');
    return true;
  }
  if (state.gamePhase === 'surrender') {
    // Early surrender (R) or play on (N), before the dealer checks.
    if (action !== 'surrender' && action !== 'decline') return false;
    moves.earlySurrender(action === 'surrender');
    return true;
  }
  if (moves.warning) {
    // The warned move's own key again confirms it, like Y; another move is played (or warned about) instead.
    if (action === 'confirm' || action === moves.warning.chosen) moves.confirm();
    else if (action === 'takeBack') moves.dismissWarning();
    else if (isMove(action) && moves.moves?.[action]) moves.play(action);
    else return false;
    return true;
  }
  if (!isMove(action) || !moves.moves?.[action]) return false;
  moves.play(action);
  return true;
}

/** Keys typed ahead of the table: more than this and the oldest are kept, the rest dropped. */
const KEYS_QUEUED_MAX = 32;

/**
 * Keys typed faster than the table answers (issue 39: `2` four times within a frame bet 50, not
 * 100; `C` then `3` left a bet of 0) act in full and in order: a key acts only on the table the
 * last one left, so each waits in a queue until the commit after the previous key's action, with
 * no table action in flight. A key that does nothing (a chip the balance cannot cover) lets the
 * next one act at once.
 */
export function useKeyboardPlay(enabled: boolean, play: KeyboardPlay): void {
  const latest = useRef(play);
  const queue = useRef<ShortcutAction[]>([]);
  // Commits seen, and the commit at which the last queued key acted (it waits for a later one).
  const commits = useRef(0);
  const actedAt = useRef(-1);
  const [, nudge] = useState(0);
  const drain = useCallback(() => {
    while (queue.current.length > 0) {
      const p = latest.current;
      if (p.busy || actedAt.current >= commits.current) return;
      const action = queue.current.shift() as ShortcutAction;
      const used = p.state.gameInProgress ? roundKey(action, p) : betKey(action, p);
      if (used) {
        actedAt.current = commits.current;
        // A commit follows even when the action changes nothing on screen, so the queue moves on.
        nudge((n) => n + 1);
        return;
      }
    }
  }, []);
  useLayoutEffect(() => {
    latest.current = play;
    commits.current += 1;
    drain();
  });
  useTableShortcuts(enabled, (action) => {
    if (action === 'help') {
      play.openHelp();
      return true;
    }
    if (action === 'settings') {
      play.toggleSettings();
      return true;
    }
    const p = latest.current;
    const waiting = queue.current.length > 0 || p.busy || actedAt.current >= commits.current;
    if (!waiting) {
      const used = p.state.gameInProgress ? roundKey(action, p) : betKey(action, p);
      if (used) {
        actedAt.current = commits.current;
        nudge((n) => n + 1);
      }
      return used;
    }
    if (queue.current.length >= KEYS_QUEUED_MAX) return false;
    queue.current.push(action);
    return true;
  });
}
