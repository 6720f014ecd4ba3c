import type { Card, VisibleGameState } from '@card-counter/engine';
import { cardName } from '@/shared/ui/card-names.ts';
import { outcomeLabel, totalLabel, upcardLabel } from './hand-labels.ts';

// What a screen reader says as the table moves: the cards as they land, the totals, the
// dealer's hand and the round's result (the felt shows them as pictures, the status line
// only says what to do next). A pure function of two states the player saw in turn:
// components/table-announcer.tsx speaks it through a live region.

/** A round on the table, told from the next one by its shoe and where its cards start. */
function roundOf(s: VisibleGameState): string | null {
  const dealt = s.playerHands.length > 0 || s.dealerCards.length > 0;
  return dealt ? `${s.deck?.commitment ?? ''}:${s.roundStartPosition}` : null;
}

function cardsText(cards: readonly Card[]): string {
  const names = cards.map(cardName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function handName(s: VisibleGameState, index: number): string {
  return s.playerHands.length > 1 ? `Hand ${index + 1}` : 'You';
}

/** 'Dealer shows the nine of spades' while the hole card is down; the whole hand and its total after. */
function dealerText(s: VisibleGameState): string {
  const shown = s.dealerCards.filter((c): c is Card => c !== null);
  if (shown.length === 0) return '';
  if (s.dealerCards.some((c) => c === null)) return `Dealer shows ${cardsText(shown)} (${upcardLabel(shown)}).`;
  return `Dealer has ${cardsText(shown)}: ${totalLabel(shown)}.`;
}

function newDeal(s: VisibleGameState): string[] {
  const hands = s.playerHands.map((h, i) => `${handName(s, i)}: ${cardsText(h.cards)}, ${totalLabel(h.cards)}.`);
  return [s.sittingOut ? 'Dealt; you are sitting out.' : 'Dealt.', ...hands, dealerText(s)];
}

/** The cards each hand drew since `prev`; after a split, every hand as it now stands. */
function draws(prev: VisibleGameState, next: VisibleGameState): string[] {
  if (next.playerHands.length > prev.playerHands.length && prev.playerHands.length > 0) {
    // A split re-deals the hands: each is named whole.
    const hands = next.playerHands.map((h, i) => `Hand ${i + 1}: ${cardsText(h.cards)}, ${totalLabel(h.cards)}.`);
    return [`Split: ${next.playerHands.length} hands.`, ...hands];
  }
  const out: string[] = [];
  next.playerHands.forEach((h, i) => {
    const before = prev.playerHands[i]?.cards.length ?? 0;
    const drawn = h.cards.slice(before);
    if (drawn.length === 0 || before === 0) return;
    out.push(`${handName(next, i)} drew ${cardsText(drawn)}: ${totalLabel(h.cards)}.`);
  });
  return out;
}

/** The round's end: the dealer's hand when it was turned, each hand's result, then the table's summary. */
function settled(prev: VisibleGameState, next: VisibleGameState): string[] {
  const dealerChanged = next.dealerCards.length !== prev.dealerCards.length || prev.dealerCards.some((c) => c === null);
  const results = next.playerHands.length > 1 ? next.playerHands.map((h, i) => `Hand ${i + 1}: ${outcomeLabel(h) ?? ''}.`) : [];
  return [dealerChanged ? dealerText(next) : '', ...results, next.gameStatus];
}

/** What changed from `prev` to `next`, in words, or null when nothing worth saying did. */
export function tableAnnouncement(prev: VisibleGameState | null, next: VisibleGameState): string | null {
  if (prev === null) return null;
  const round = roundOf(next);
  let parts: string[];
  if (round !== null && round !== roundOf(prev)) {
    parts = newDeal(next);
    if (next.gamePhase === 'roundOver') parts.push(next.gameStatus);
    else if (next.gameStatus !== '') parts.push(next.gameStatus);
  } else if (next.gamePhase === 'roundOver' && prev.gamePhase !== 'roundOver' && round !== null) {
    parts = [...draws(prev, next), ...settled(prev, next)];
  } else {
    parts = draws(prev, next);
    if (next.gameStatus !== prev.gameStatus) parts.push(next.gameStatus);
  }
  const text = parts.filter((p) => p !== '').join(' ');
  return text === '' ? null : text;
}
