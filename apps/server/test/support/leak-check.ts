/**
 * The table's leak detector. A body the server sent (an answer, a 409's table, a stream event,
 * a GET /api/table/shoes answer) may show only what the player has been shown. Checked against
 * every card not yet shown, across reshuffles:
 * - the hole card before it is turned, and any card outside the table's public places;
 * - the undealt cards of the shoe in play (a run of their codes) and its salt;
 * - every shoe that holds the face-down hole card: the one it was dealt from and any shoe made
 *   since in its round (a mid-round reshuffle lists the table's cards first), whether the engine
 *   holds it back (GameState.heldShoes) or, wrongly, let it go: their salts, their orders (a run
 *   of codes around the hole card, anywhere in the body) and any reveal object (anything with
 *   `salt` and `cards`) that opens one.
 * The shoes that hold the hole card are learnt from the sequence of secret states the server
 * saved (TableHooks.onSaved), not from the engine's own bookkeeping, so a shoe the engine
 * forgot to hold back is still known here.
 */
import { createHash } from 'node:crypto';
import { RANKS, SUITS, cardFromCode, shoeCommitmentMessage, type Card, type GameState, type ShoeState } from '@card-counter/engine';
import type { TableHooks } from '../../src/modules/table/index.ts';

/**
 * Consecutive codes that count as a shoe's order: a chance match with another shoe's published
 * order is about 1 in 10^8 per check (shorter runs would match by chance in a long fuzz).
 */
const ORDER_RUN = 6;

/** What the player may not see now: the latest saved state and the shoes holding its hole card. */
export interface Secrets {
  state: GameState;
  /** Shoes (by commitment) in play or held back at any saved state since the hole card was dealt face down. */
  holeShoes: ReadonlyMap<string, ShoeState>;
}

const key = (c: { rank: string; suit: string }) => `${c.rank}/${c.suit}`;
/** A card's code in a shoe's order (the engine's cardFromCode inverted). */
const codeOfCard = (c: Card) => SUITS.indexOf(c.suit) * 13 + RANKS.indexOf(c.rank);

function multiset(cards: readonly { rank: string; suit: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cards) m.set(key(c), (m.get(key(c)) ?? 0) + 1);
  return m;
}

function isCard(v: unknown): v is Card {
  return typeof v === 'object' && v !== null && 'rank' in v && 'suit' in v;
}

interface Found {
  cards: { path: string; card: Card }[];
  reveals: { path: string; numDecks: unknown; cards: unknown; salt: unknown }[];
  codeLists: number[][];
}

/** Every card object, reveal-like object and list of card codes in `value`, with JSON paths. */
function scan(value: unknown, path: string, out: Found): void {
  if (isCard(value)) out.cards.push({ path, card: value });
  if (Array.isArray(value)) {
    if (value.length >= ORDER_RUN && value.every((v) => Number.isInteger(v))) out.codeLists.push(value as number[]);
    value.forEach((v, i) => scan(v, `${path}[${i}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    if ('salt' in o && 'cards' in o) out.reveals.push({ path, numDecks: o['numDecks'], cards: o['cards'], salt: o['salt'] });
    for (const [k, v] of Object.entries(o)) scan(v, `${path}.${k}`, out);
  }
}

/** The runs of ORDER_RUN consecutive codes [from, to) that `keep` accepts, as text. */
function runsOf(codes: readonly number[], keep: (from: number, to: number) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i + ORDER_RUN <= codes.length; i++) if (keep(i, i + ORDER_RUN)) out.push(codes.slice(i, i + ORDER_RUN).join(','));
  return out;
}

function commitmentOf(numDecks: unknown, cards: unknown, salt: unknown): string | null {
  if (typeof numDecks !== 'number' || !Array.isArray(cards) || typeof salt !== 'string') return null;
  return createHash('sha256').update(shoeCommitmentMessage(numDecks, cards as number[], salt)).digest('hex');
}

/** Where cards may appear in a visible state: the round on the table and the last result. */
const PUBLIC_CARD_PATH = /^\$(\.error\.details\.table)?\.state\.(playerHands\[\d+\]\.cards|seats\[\d+\]\.hands\[\d+\]\.cards|dealerCards|lastResult\.(hands\[\d+\]\.cards|dealerCards))\[\d+\]$/;

function isHidden(s: GameState): boolean {
  return s.dealerCards.length > 1 && !s.holeCardRevealed;
}

/** Every way `body` shows more than the player may see, given the secrets. */
export function leaksIn(body: unknown, secrets: Secrets): string[] {
  const problems: string[] = [];
  const secret = secrets.state;
  const text = JSON.stringify(body);
  const deck = secret.deck;
  // Every shoe with a card not yet shown: the one in play (its undealt cards) and every shoe
  // holding the face-down hole card (held back or not: the whole order shows where it is).
  const closed = new Map<string, { shoe: ShoeState; what: string }>();
  for (const [c, shoe] of secrets.holeShoes) closed.set(c, { shoe, what: 'a shoe holding the face-down hole card' });
  for (const shoe of secret.heldShoes ?? []) closed.set(shoe.commitment, { shoe, what: 'a shoe held back' });
  if (deck) closed.set(deck.commitment, { shoe: deck, what: 'the shoe in play' });

  for (const { shoe, what } of closed.values()) if (text.includes(shoe.salt)) problems.push(`the salt of ${what}`);
  const found: Found = { cards: [], reveals: [], codeLists: [] };
  scan(body, '$', found);
  const shownRuns = new Set(found.codeLists.flatMap((codes) => runsOf(codes, () => true)));
  const hiddenCodes = new Set(isHidden(secret) ? [codeOfCard(secret.dealerCards[1]!)] : []);
  for (const { shoe, what } of closed.values()) {
    // A run is secret when it holds an undealt card of the shoe in play or a hidden card's
    // code. Not any run: a shoe made mid-round lists the table's cards first, in an order an
    // earlier shoe's published order can share, and those cards were shown.
    const undealtFrom = shoe === deck ? shoe.position : shoe.cards.length;
    const secretRun = (from: number, to: number) => to > undealtFrom || shoe.cards.slice(from, to).some((c) => hiddenCodes.has(c));
    if (runsOf(shoe.cards, secretRun).some((r) => shownRuns.has(r))) problems.push(`the order of ${what}`);
  }
  for (const r of found.reveals) {
    const c = commitmentOf(r.numDecks, r.cards, r.salt);
    const hit = c === null ? undefined : closed.get(c);
    if (hit) problems.push(`a reveal at ${r.path} of ${hit.what}`);
  }
  for (const f of found.cards) if (!PUBLIC_CARD_PATH.test(f.path)) problems.push(`a card at ${f.path}`);

  // The table's round: exactly the face-up cards the secret state holds, no more, no other.
  const b = body as { state?: unknown; error?: { details?: { table?: { state?: unknown } } } };
  const state = b.state ?? b.error?.details?.table?.state;
  if (state && typeof state === 'object') {
    const s = state as {
      playerHands: { cards: Card[] }[];
      seats?: { hands: { cards: Card[] }[] }[];
      dealerCards: (Card | null)[];
      lastResult: { hands: { cards: Card[] }[]; dealerCards: Card[] } | null;
    };
    if (isHidden(secret) && s.dealerCards.length > 1 && s.dealerCards[1] !== null) problems.push('the hole card before it is turned');
    const dealerShown = s.dealerCards.filter((c): c is Card => c !== null);
    const computerFaceUp = secret.computerSeats.flatMap((c) => c.hands.flatMap((h) => h.cards));
    const faceUp = [...secret.playerHands.flatMap((h) => h.cards), ...computerFaceUp, ...secret.dealerCards.filter((_, i) => i !== 1 || secret.holeCardRevealed)];
    const allowed = multiset(faceUp);
    // The player's hands, and every seat's (the player's seats repeat playerHands): each view of the table at most its face-up cards.
    for (const shown of [[...s.playerHands.flatMap((h) => h.cards), ...dealerShown], [...(s.seats ?? []).flatMap((seat) => seat.hands.flatMap((h) => h.cards)), ...dealerShown]])
      for (const [k, n] of multiset(shown)) if (n > (allowed.get(k) ?? 0)) problems.push(`a card not face up on the table: ${k}`);
    if (s.lastResult && deck) {
      const dealt = multiset(deck.cards.slice(0, deck.position).map(cardFromCode));
      const inResult = [...s.lastResult.hands.flatMap((h) => h.cards), ...s.lastResult.dealerCards];
      for (const [k, n] of multiset(inResult)) if (n > (dealt.get(k) ?? 0)) problems.push(`an undealt card in the last result: ${k}`);
    }
  }
  return problems;
}

/**
 * Follows the secret states the server saves, per player, and checks bodies against them.
 * `hooks.onSaved` must see every accepted action (pass the hooks to the app or the client).
 */
export function leakWatch() {
  const players = new Map<string, { state: GameState; holeShoes: Map<string, ShoeState>; heldSteps: number }>();
  const hooks: Required<Pick<TableHooks, 'onSaved'>> = {
    onSaved(userId, saved) {
      const state = structuredClone(saved);
      const p = players.get(userId) ?? { state, holeShoes: new Map(), heldSteps: 0 };
      p.state = state;
      if (!isHidden(state)) p.holeShoes.clear();
      else for (const shoe of [...(state.deck ? [state.deck] : []), ...(state.heldShoes ?? [])]) p.holeShoes.set(shoe.commitment, shoe);
      if ((state.heldShoes ?? []).length > 0) p.heldSteps += 1;
      players.set(userId, p);
    },
  };
  const secretsOf = (userId: string): Secrets => {
    const p = players.get(userId);
    if (!p) throw new Error(`leak watch: no saved state of ${userId} yet`);
    return { state: p.state, holeShoes: new Map(p.holeShoes) };
  };
  return {
    hooks,
    secretsOf,
    /** Saved states of the player that held a shoe back (the fuzz must reach some). */
    heldSteps: (userId: string) => players.get(userId)?.heldSteps ?? 0,
    leaksIn: (userId: string, body: unknown) => leaksIn(body, secretsOf(userId)),
  };
}
