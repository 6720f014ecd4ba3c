import type { PlayerAction } from '@card-counter/engine';

// Every key of the table, in one place: the keyboard handler reads it, the buttons show their
// key from it, and the `?` dialog lists it.

export type ShortcutAction =
  | PlayerAction
  | 'deal'
  | 'insure'
  | 'decline'
  | 'confirm'
  | 'takeBack'
  | 'rebet'
  | 'sameOnAll'
  | 'clearBet'
  | 'prevSpot'
  | 'nextSpot'
  | 'help'
  | 'sitOut'
  | 'newShoe'
  | 'settings'
  | `chip${0 | 1 | 2 | 3 | 4}`;

export interface ShortcutKey {
  /** `KeyboardEvent.key`, lower case for letters. */
  key: string;
  /** How the key is written on its button and in the list. */
  label: string;
  action: ShortcutAction;
  what: string;
}

export const SHORTCUT_KEYS: readonly ShortcutKey[] = [
  { key: ' ', label: 'Space', action: 'deal', what: 'Deal' },
  { key: '1', label: '1', action: 'chip0', what: 'Add a 10 chip to the spot picked' },
  { key: '2', label: '2', action: 'chip1', what: 'Add a 25 chip' },
  { key: '3', label: '3', action: 'chip2', what: 'Add a 100 chip' },
  { key: '4', label: '4', action: 'chip3', what: 'Add a 500 chip' },
  { key: '5', label: '5', action: 'chip4', what: 'Add a 1,000 chip' },
  { key: 'c', label: 'C', action: 'clearBet', what: 'Clear the bet of the spot picked' },
  { key: 'b', label: 'B', action: 'rebet', what: "Rebet: the last round's bets" },
  { key: 'a', label: 'A', action: 'sameOnAll', what: 'Same bet on every spot' },
  { key: 'arrowleft', label: '←', action: 'prevSpot', what: 'Pick the spot to the left' },
  { key: 'arrowright', label: '→', action: 'nextSpot', what: 'Pick the spot to the right' },
  { key: 'h', label: 'H', action: 'hit', what: 'Hit' },
  { key: 's', label: 'S', action: 'stand', what: 'Stand' },
  { key: 'd', label: 'D', action: 'double', what: 'Double' },
  { key: 'p', label: 'P', action: 'split', what: 'Split' },
  { key: 'r', label: 'R', action: 'surrender', what: 'Surrender' },
  { key: 'i', label: 'I', action: 'insure', what: 'Take insurance (or even money)' },
  { key: 'n', label: 'N', action: 'decline', what: 'No insurance (or no even money)' },
  { key: 'y', label: 'Y', action: 'confirm', what: "Coach warning: play your move anyway" },
  { key: 'escape', label: 'Esc', action: 'takeBack', what: 'Coach warning: take it back' },
  { key: 'o', label: 'O', action: 'sitOut', what: 'Between rounds: sit out, or come back in' },
  { key: 'u', label: 'U', action: 'newShoe', what: 'Between rounds: new shoe (asks first)' },
  { key: 't', label: 'T', action: 'settings', what: 'Table settings' },
  { key: '?', label: '?', action: 'help', what: 'This list' },
];

const BY_KEY = new Map(SHORTCUT_KEYS.map((k) => [k.key, k.action]));
const LABEL = new Map(SHORTCUT_KEYS.map((k) => [k.action, k.label]));

/** The action of a pressed key (letters in either case), or undefined. */
export function shortcutFor(key: string): ShortcutAction | undefined {
  return BY_KEY.get(key.length === 1 ? key.toLowerCase() : key.toLowerCase());
}

/** How an action's key is written on its button ('H', 'Space'). */
export function keyLabel(action: ShortcutAction): string {
  return LABEL.get(action) ?? '';
}

/** The `aria-keyshortcuts` value of an action's key. */
export function ariaKey(action: ShortcutAction): string {
  const label = keyLabel(action);
  return label === 'Esc' ? 'Escape' : label === '←' ? 'ArrowLeft' : label === '→' ? 'ArrowRight' : label;
}
