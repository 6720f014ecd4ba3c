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

export function useKeyboardPlay(enabled: boolean, play: KeyboardPlay): void {
  useTableShortcuts(enabled, (action) => {
    if (action === 'help') {
      play.openHelp();
      return true;
    }
    if (action === 'settings') {
      play.toggleSettings();
      return true;
    }
    if (play.busy) return false;
    return play.state.gameInProgress ? roundKey(action, play) : betKey(action, play);
  });
}
