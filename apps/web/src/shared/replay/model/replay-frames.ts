import type { ReplayDecision, ReplayEvent, RoundReplay, TableCard } from '@card-counter/shared';

// A replayed round as frames (decision record 0061): frame i is the table right after the
// server's deal-log event i, folded from the events before it, so stepping back is as exact as
// stepping forward. The hole card stays face down (null) until its `turn` event: the server
// sends no face for it before then, and the model never looks ahead.

export interface ReplaySeat {
  seat: number;
  player: boolean;
  /** The seat's hands (a split adds one), each card in the order it was dealt. */
  hands: TableCard[][];
}

export interface ReplayFrame {
  seats: ReplaySeat[];
  /** null: the face-down hole card. */
  dealer: (TableCard | null)[];
  /** The player's running and decision count after this event (the last card's, for a play or split). */
  runningCount: number;
  trueCount: number;
  /** Cards dealt so far (the hole card counts when dealt, face down). */
  cardsDealt: number;
  event: ReplayEvent;
  /** What happened, in words. */
  caption: string;
  /** Who took the card (or played): "You", "Seat 3", "Dealer". */
  who: string;
  /** The record's verdict when this event is one of the player's plays. */
  decision: ReplayDecision | null;
}

const PLAY_WORDS: Record<Extract<ReplayEvent, { kind: 'play' }>['play'], string> = {
  hit: 'hit',
  stand: 'stand',
  double: 'double',
  split: 'split',
  surrender: 'surrender',
  insurance: 'take insurance',
  noInsurance: 'no insurance',
  earlySurrender: 'surrender early',
  playOn: 'play on (no early surrender)',
};

export function cardWords(card: TableCard | null): string {
  return card === null ? 'face down' : `${card.rank}${{ spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' }[card.suit]}`;
}

/** Seats are named as the table names them: "You" (hand n when split) or "Seat n" for a computer seat. */
export function seatName(seats: readonly { seat: number; player: boolean }[], seat: number, hand: number, handsAtSeat: number): string {
  const mine = seats.filter((s) => s.player);
  const isMine = mine.some((s) => s.seat === seat);
  const base = isMine ? (mine.length > 1 ? `Your spot ${mine.findIndex((s) => s.seat === seat) + 1}` : 'You') : `Seat ${seat + 1}`;
  return handsAtSeat > 1 ? `${base}, hand ${hand + 1}` : base;
}

function whoOf(e: ReplayEvent, seats: readonly ReplaySeat[]): string {
  const handsAt = (seat: number) => seats.find((s) => s.seat === seat)?.hands.length ?? 1;
  if (e.kind === 'turn' || (e.kind === 'card' && e.to.kind === 'dealer')) return 'Dealer';
  if (e.kind === 'card' && e.to.kind === 'seat') return seatName(seats, e.to.seat, e.to.hand, handsAt(e.to.seat));
  if (e.kind === 'card') return 'Dealer';
  return seatName(seats, e.seat, e.hand, handsAt(e.seat));
}

function captionOf(e: ReplayEvent, seats: readonly ReplaySeat[]): string {
  const handsAt = (seat: number) => seats.find((s) => s.seat === seat)?.hands.length ?? 1;
  switch (e.kind) {
    case 'card':
      if (e.to.kind === 'dealer') return e.to.card === 'hole' ? 'Dealer: the hole card, face down' : `Dealer ${e.to.card === 'up' ? 'shows' : 'draws'} ${cardWords(e.card)}`;
      return `${seatName(seats, e.to.seat, e.to.hand, handsAt(e.to.seat))}: ${cardWords(e.card)}`;
    case 'turn':
      return `Dealer turns the hole card: ${cardWords(e.card)}`;
    case 'split':
      return `${seatName(seats, e.seat, e.hand, 1)}: the pair is split in two hands`;
    case 'play':
      return `${seatName(seats, e.seat, e.hand, handsAt(e.seat))}: ${PLAY_WORDS[e.play]}`;
  }
}

/** Every frame of the round, in order (as many as events; the server bounds them). */
export function replayFrames(replay: RoundReplay): ReplayFrame[] {
  const seats: ReplaySeat[] = replay.seats.map((s) => ({ seat: s.seat, player: s.player, hands: [] }));
  const dealer: (TableCard | null)[] = [];
  let runningCount = 0;
  let trueCount = 0;
  let cardsDealt = 0;
  const frames: ReplayFrame[] = [];
  const seatOf = (n: number): ReplaySeat => {
    const s = seats.find((x) => x.seat === n);
    if (!s) throw new Error(`replay: no seat ${n}`);
    return s;
  };
  for (const e of replay.events) {
    if (e.kind === 'card') {
      cardsDealt += 1;
      ({ runningCount, trueCount } = e);
      if (e.to.kind === 'dealer') dealer.push(e.card);
      else {
        if (e.card === null) throw new Error('replay: only the hole card is dealt face down');
        const s = seatOf(e.to.seat);
        const hand = s.hands[e.to.hand] ?? [];
        s.hands[e.to.hand] = [...hand, e.card];
      }
    } else if (e.kind === 'turn') {
      ({ runningCount, trueCount } = e);
      dealer[1] = e.card;
    } else if (e.kind === 'split') {
      const s = seatOf(e.seat);
      const hand = s.hands[e.hand] ?? [];
      const second = hand.at(-1);
      if (second === undefined) throw new Error('replay: a split of an empty hand');
      s.hands.splice(e.hand, 1, hand.slice(0, -1), [second]);
    }
    frames.push({
      seats: seats.map((s) => ({ ...s, hands: s.hands.map((h) => h.slice()) })),
      dealer: dealer.slice(),
      runningCount,
      trueCount,
      cardsDealt,
      event: e,
      caption: captionOf(e, seats),
      who: whoOf(e, seats),
      decision: e.kind === 'play' ? e.decision : null,
    });
  }
  return frames;
}

/** The frame a key moves to: Left/J back, Right/K forward, Home/End the ends; null for any other key. */
export function frameForKey(key: string, at: number, frames: number): number | null {
  const last = Math.max(0, frames - 1);
  switch (key) {
    case 'ArrowLeft':
    case 'j':
    case 'J':
      return Math.max(0, at - 1);
    case 'ArrowRight':
    case 'k':
    case 'K':
      return Math.min(last, at + 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
