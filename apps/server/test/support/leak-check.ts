/**
 * The leak detector of the table's capture test: given a body the server sent (an answer, an
 * error, a stream event) and the secret state behind it, lists every way it shows more than a
 * player may see: the hole card before it is turned, an undealt card, the shoe order or salt, or
 * a card anywhere but the table's public places.
 */
import { cardFromCode, type Card, type GameState } from '@card-counter/engine';

const key = (c: { rank: string; suit: string }) => `${c.rank}/${c.suit}`;

function multiset(cards: readonly { rank: string; suit: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cards) m.set(key(c), (m.get(key(c)) ?? 0) + 1);
  return m;
}

function isCard(v: unknown): v is Card {
  return typeof v === 'object' && v !== null && 'rank' in v && 'suit' in v;
}

/** Every card object in `value` with its JSON path. */
function cardsIn(value: unknown, path: string, out: { path: string; card: Card }[]): void {
  if (isCard(value)) out.push({ path, card: value });
  else if (Array.isArray(value)) value.forEach((v, i) => cardsIn(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) cardsIn(v, `${path}.${k}`, out);
}

/** Where cards may appear in a visible state: the round on the table and the last result. */
const PUBLIC_CARD_PATH = /^\$(\.error\.details\.table)?\.state\.(playerHands\[\d+\]\.cards|dealerCards|lastResult\.(hands\[\d+\]\.cards|dealerCards))\[\d+\]$/;

export function leaksIn(body: unknown, secret: GameState): string[] {
  const problems: string[] = [];
  const text = JSON.stringify(body);
  const deck = secret.deck;
  if (deck) {
    if (text.includes(deck.salt)) problems.push('the shoe salt');
    const undealt = deck.cards.slice(deck.position, deck.position + 6);
    if (undealt.length >= 3 && text.includes(undealt.join(','))) problems.push('the shoe order (undealt codes)');
  }
  const found: { path: string; card: Card }[] = [];
  cardsIn(body, '$', found);
  for (const f of found) if (!PUBLIC_CARD_PATH.test(f.path)) problems.push(`a card at ${f.path}`);

  // The table's round: exactly the face-up cards the secret state holds, no more, no other.
  const state = (body as { state?: unknown; error?: { details?: { table?: { state?: unknown } } } }).state ?? (body as { error?: { details?: { table?: { state?: unknown } } } }).error?.details?.table?.state;
  if (state && typeof state === 'object') {
    const s = state as { playerHands: { cards: Card[] }[]; dealerCards: (Card | null)[]; lastResult: { hands: { cards: Card[] }[]; dealerCards: Card[] } | null };
    if (!secret.holeCardRevealed && s.dealerCards.length > 1 && s.dealerCards[1] !== null) problems.push('the hole card before it is turned');
    const shown = [...s.playerHands.flatMap((h) => h.cards), ...s.dealerCards.filter((c): c is Card => c !== null)];
    const faceUp = [...secret.playerHands.flatMap((h) => h.cards), ...secret.dealerCards.filter((_, i) => i !== 1 || secret.holeCardRevealed)];
    const allowed = multiset(faceUp);
    for (const [k, n] of multiset(shown)) if (n > (allowed.get(k) ?? 0)) problems.push(`a card not face up on the table: ${k}`);
    if (s.lastResult && deck) {
      const dealt = multiset(deck.cards.slice(0, deck.position).map(cardFromCode));
      const inResult = [...s.lastResult.hands.flatMap((h) => h.cards), ...s.lastResult.dealerCards];
      for (const [k, n] of multiset(inResult)) if (n > (dealt.get(k) ?? 0)) problems.push(`an undealt card in the last result: ${k}`);
    }
  }
  return problems;
}
