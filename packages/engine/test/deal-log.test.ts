// The deal log (deal-log.ts): seeded whole rounds with computer seats, splits and mid-round
// reshuffles; after every accepted step the log, folded, is the table as the state holds it,
// its counts are the state's, and the hole card is in it face down until it is turned.
import { describe, expect, it } from 'vitest';
import { codeOfCard, type Card } from '../src/cards.ts';
import { createGame, legalActions, step, visible, type DealEvent, type GameState } from '../src/game/index.ts';
import { randomInt, seededRng, type Rng } from '../src/rng.ts';
import { DEFAULT_RULES } from '../src/rules.ts';

const SEEDS = 20;
const STEPS_PER_SEED = 200;

interface Folded { seats: Map<number, number[][]>; dealer: (number | null)[]; turned: boolean }

/** The table as the log tells it, hole card shown as null until its `turn`. */
function fold(log: readonly DealEvent[]): Folded {
  const seats = new Map<number, number[][]>();
  const dealer: (number | null)[] = [];
  let turned = false;
  for (const e of log) {
    if (e.kind === 'card' && e.to.kind === 'dealer') dealer.push(e.faceUp ? codeOfCard(e.card) : null);
    else if (e.kind === 'card' && e.to.kind === 'seat') {
      const hands = seats.get(e.to.seat) ?? [];
      const hand = hands[e.to.hand] ?? [];
      hand.push(codeOfCard(e.card));
      hands[e.to.hand] = hand;
      seats.set(e.to.seat, hands);
    } else if (e.kind === 'split') {
      const hands = seats.get(e.seat) ?? [];
      const second = hands[e.hand]?.pop();
      if (second === undefined) throw new Error('split of an empty hand');
      hands.splice(e.hand + 1, 0, [second]);
    } else if (e.kind === 'turn') {
      expect(dealer[1]).toBeNull();
      dealer[1] = codeOfCard(e.card);
      turned = true;
    }
  }
  return { seats, dealer, turned };
}

function tableOf(state: GameState): Map<number, number[][]> {
  const out = new Map<number, number[][]>();
  for (const seat of visible(state).seats) {
    const hands = seat.hands.map((h) => h.cards.map(codeOfCard));
    if (hands.length > 0) out.set(seat.seat, hands);
  }
  return out;
}

function playSeed(seed: number): { rounds: number; turns: number; splits: number } {
  const rng: Rng = seededRng(seed);
  const rules = { ...DEFAULT_RULES, numDecks: 1 + randomInt(rng, 2), otherPlayers: randomInt(rng, 4), numInitialHands: 1 + randomInt(rng, 2), shufflePoint: 0, dealerPeeks: randomInt(rng, 4) > 0 };
  let state = createGame({ rules, balance: 1_000_000 });
  const tally = { rounds: 0, turns: 0, splits: 0 };
  for (let i = 0; i < STEPS_PER_SEED; i++) {
    if (state.gamePhase === 'betting' || state.gamePhase === 'roundOver') {
      for (let spot = 0; spot < rules.numInitialHands; spot++) {
        const r = step(state, { type: 'bet', amount: 10, spot }, rng);
        if (r.ok) state = r.state;
      }
    }
    const legal = legalActions(state, rng).filter((a) => a.type !== 'newRound');
    const action = legal[randomInt(rng, legal.length)];
    if (action === undefined) throw new Error(`seed ${seed}: no legal action`);
    const before = state.dealLog.length;
    const r = step(state, action, rng);
    if (!r.ok) throw new Error(`seed ${seed}: ${r.reason}`);
    state = r.state;
    // The step's `dealt` is what it added to the round's log (a deal starts a new log).
    expect(r.dealt).toEqual(action.type === 'deal' ? state.dealLog : state.dealLog.slice(before));
    const folded = fold(state.dealLog);
    expect(folded.seats, `seed ${seed} step ${i}`).toEqual(tableOf(state));
    const shown = visible(state).dealerCards.map((c: Card | null) => (c === null ? null : codeOfCard(c)));
    expect(folded.dealer, `seed ${seed} step ${i}`).toEqual(shown);
    const last = state.dealLog.findLast((e) => e.kind === 'card' || e.kind === 'turn');
    if (last && (last.kind === 'card' || last.kind === 'turn')) {
      expect(last.runningCount).toBe(state.runningCount);
      expect(last.trueCount).toBe(state.trueCount);
    }
    expect(JSON.stringify(visible(state))).not.toContain('dealLog');
    if (state.gamePhase === 'roundOver') {
      tally.rounds += 1;
      if (folded.turned) tally.turns += 1;
      if (state.dealLog.some((e) => e.kind === 'split')) tally.splits += 1;
    }
  }
  return tally;
}

describe('deal log', () => {
  it('folds to the table the state holds, with its counts, and the hole card only once turned', () => {
    const total = { rounds: 0, turns: 0, splits: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const t = playSeed(seed);
      total.rounds += t.rounds;
      total.turns += t.turns;
      total.splits += t.splits;
    }
    // The seeds must have reached what the test is about.
    expect(total.rounds).toBeGreaterThan(250);
    expect(total.turns).toBeGreaterThan(50);
    expect(total.splits).toBeGreaterThan(3);
  });

  it('logs the player plays before the cards they deal', () => {
    let state = createGame({ rules: { ...DEFAULT_RULES, numDecks: 1 }, balance: 1000 });
    const rng = seededRng(7);
    state = (step(state, { type: 'bet', amount: 10 }, rng) as { state: GameState }).state;
    const dealt = step(state, { type: 'deal' }, rng);
    if (!dealt.ok) throw new Error(dealt.reason);
    expect(dealt.dealt.filter((e) => e.kind === 'card')).toHaveLength(4);
    expect(dealt.dealt.find((e) => e.kind === 'card' && e.to.kind === 'dealer' && e.to.card === 'hole')).toMatchObject({ faceUp: false });
    if (dealt.state.gamePhase !== 'playing') return;
    const hit = step(dealt.state, { type: 'hit' }, rng);
    if (!hit.ok) throw new Error(hit.reason);
    expect(hit.dealt[0]).toMatchObject({ kind: 'play', play: 'hit', hand: 0 });
    expect(hit.dealt[1]).toMatchObject({ kind: 'card', to: { kind: 'seat', player: true, hand: 0 } });
  });
});
