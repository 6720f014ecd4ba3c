import { describe, expect, it } from 'vitest';
import { createGame, legalActions, step, visible, type GameAction, type GameState } from '../src/game/index.ts';
import { RANKS, SUITS, cardValue } from '../src/cards.ts';
import type { Rng } from '../src/rng.ts';
import { seededRng } from '../src/rng.ts';
import { SHOE_RESERVE_CARDS, revealShoe, stackedShoe, verifyShoeReveal } from '../src/shoe.ts';
import { DEAL, DOUBLE, HIT, SPLIT, STAND, SURRENDER, bet, ok, play, refused, stackedGame } from './game-helpers.ts';

describe('naturals and payouts', () => {
  it('a player blackjack pays 3:2', () => {
    const s = play(stackedGame(['A', 'K', '10', '7']), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('roundOver');
    expect(s.balance).toBe(10150);
    expect(s.gameStatus).toBe('Blackjack! You win');
    expect(s.lastResult?.hands[0]?.outcome).toBe('blackjack');
    expect(s.dealerCards).toHaveLength(2); // the dealer does not draw against a natural
  });

  it('6:5 tables pay 6:5', () => {
    const s = play(stackedGame(['A', 'K', '10', '7'], { blackjackPays: 1.2 }), [bet(100), DEAL]);
    expect(s.balance).toBe(10120);
  });

  it('the dealer peeks and takes the bet on a blackjack', () => {
    const s = play(stackedGame(['10', 'A', '9', 'K']), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('roundOver');
    expect(s.holeCardRevealed).toBe(true);
    expect(s.gameStatus).toBe('Dealer has blackjack');
    expect(s.balance).toBe(9900);
  });

  it('blackjack against blackjack pushes', () => {
    const s = play(stackedGame(['A', 'A', 'K', 'Q']), [bet(100), DEAL]);
    expect(s.balance).toBe(10000);
    expect(s.lastResult?.hands[0]?.outcome).toBe('push');
  });
});

describe('insurance and even money', () => {
  const rules = { insuranceAllowed: true };

  it('insurance pays 2:1 when the dealer has blackjack', () => {
    let s = play(stackedGame(['10', 'A', '9', 'K'], rules), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('insurance');
    expect(s.gameStatus).toBe('Dealer shows an ace. Insurance?');
    expect(s.canTakeInsurance).toBe(true);
    refused(s, HIT, 'no hand');
    s = ok(s, { type: 'insurance', take: true });
    expect(s.insuranceBet).toBe(50);
    expect(s.balance).toBe(10000); // -100 -50 +150
    expect(s.lastResult?.insurancePayout).toBe(150);
  });

  it('declined insurance and no dealer blackjack: play goes on', () => {
    const s = play(stackedGame(['10', 'A', '9', '7'], rules), [bet(100), DEAL, { type: 'insurance', take: false }]);
    expect(s.gamePhase).toBe('playing');
    expect(s.insuranceBet).toBe(0);
  });

  it('even money pays 1:1 on a natural whatever the dealer has', () => {
    for (const hole of ['9', 'K']) {
      let s = play(stackedGame(['A', 'A', 'K', hole], rules), [bet(100), DEAL]);
      expect(s.gameStatus).toBe('Dealer shows an ace. Even money?');
      s = ok(s, { type: 'insurance', take: true });
      expect(s.balance, `hole ${hole}`).toBe(10100);
      expect(s.lastResult?.hands[0]?.outcome).toBe('evenMoney');
    }
  });

  it('insurance is refused when the rules do not offer it', () => {
    const s = play(stackedGame(['10', 'A', '9', '7']), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('playing');
    refused(s, { type: 'insurance', take: true }, 'not on offer');
  });
});

describe('splits and doubles', () => {
  it('split aces get one card each and a split 21 is not a blackjack', () => {
    const s = play(stackedGame(['A', '9', 'A', '7', 'K', '5', '10']), [bet(100), DEAL, SPLIT]);
    expect(s.gamePhase).toBe('roundOver');
    expect(s.playerHands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(s.lastResult?.hands.map((h) => h.outcome)).toEqual(['win', 'win']); // dealer 9,7,10 busts
    expect(s.balance).toBe(10200);
    expect(s.totalHandsFromSplits).toBe(1);
  });

  it('hitSplitAces lets split aces draw', () => {
    const s = play(stackedGame(['A', '9', 'A', '7', '5', '5'], { hitSplitAces: true }), [bet(100), DEAL, SPLIT]);
    expect(s.gamePhase).toBe('playing');
    expect(ok(s, HIT).playerHands[0]?.cards).toHaveLength(3);
  });

  it('the resplit limit is enforced', () => {
    const s = play(stackedGame(['8', '10', '8', '7', '8'], { maxSplits: 1 }), [bet(100), DEAL, SPLIT]);
    expect(s.playerHands[0]?.cards.map((c) => c.rank)).toEqual(['8', '8']);
    refused(s, SPLIT, 'No more splits: the limit is 1.');
    const three = play(stackedGame(['8', '10', '8', '7', '8'], { maxSplits: 3 }), [bet(100), DEAL, SPLIT, SPLIT]);
    expect(three.playerHands).toHaveLength(3);
  });

  it('split aces are not resplit without resplitAces', () => {
    const base = ['A', '9', 'A', '7', 'A', '5', '10'];
    const s = play(stackedGame(base), [bet(100), DEAL, SPLIT]);
    expect(s.gamePhase).toBe('roundOver');
    const rs = play(stackedGame(base, { resplitAces: true }), [bet(100), DEAL, SPLIT]);
    expect(rs.gamePhase).toBe('playing');
    refused(rs, HIT, 'one card');
    expect(ok(rs, SPLIT).playerHands).toHaveLength(3);
  });

  it('DAS off refuses a double after a split', () => {
    const s = play(stackedGame(['8', '10', '8', '7', '3'], { doubleAfterSplit: false }), [bet(100), DEAL, SPLIT]);
    refused(s, DOUBLE, 'Doubling after a split is not allowed');
    const das = play(stackedGame(['8', '10', '8', '7', '3', '10']), [bet(100), DEAL, SPLIT, DOUBLE]);
    expect(das.playerHands[0]?.bet).toBe(200);
    expect(das.balance).toBe(10000 - 300);
  });

  it('doubleDownRestriction 9-11 refuses a double on 12 and allows 10', () => {
    refused(play(stackedGame(['10', '10', '2', '7'], { doubleDownRestriction: '9-11' }), [bet(100), DEAL]), DOUBLE, '9-11');
    const s = play(stackedGame(['6', '10', '4', '7', 'K', '10'], { doubleDownRestriction: '9-11' }), [bet(100), DEAL, DOUBLE]);
    expect(s.gamePhase).toBe('roundOver');
    expect(s.playerHands[0]?.cards).toHaveLength(3);
    expect(s.balance).toBe(10200); // 6,4 + K = 20 beats the dealer's 17
  });

  it('a double takes exactly one card', () => {
    const s = play(stackedGame(['5', '10', '4', '7', '2']), [bet(100), DEAL, DOUBLE]);
    expect(s.playerHands[0]?.cards).toHaveLength(3);
    expect(s.lastResult?.hands[0]?.outcome).toBe('loss'); // 11 against 17
    expect(s.balance).toBe(9800);
  });
});

describe('surrender and dealer rules', () => {
  it('late surrender returns half the bet and the dealer does not draw', () => {
    const s = play(stackedGame(['10', '10', '6', '7']), [bet(100), DEAL, SURRENDER]);
    expect(s.balance).toBe(9950);
    expect(s.lastResult?.hands[0]?.outcome).toBe('surrender');
    expect(s.dealerCards).toHaveLength(2);
  });

  it('surrender is refused after a hit, after a split and when not allowed', () => {
    const hitFirst = play(stackedGame(['10', '10', '2', '7', '2']), [bet(100), DEAL, HIT]);
    refused(hitFirst, SURRENDER, 'first two cards');
    refused(play(stackedGame(['10', '10', '6', '7'], { surrenderAllowed: false }), [bet(100), DEAL]), SURRENDER, 'not allowed');
    const split = play(stackedGame(['8', '10', '8', '7', '3']), [bet(100), DEAL, SPLIT]);
    refused(split, SURRENDER, 'before splitting');
  });

  it('H17: the dealer hits soft 17; S17: stands', () => {
    const top = ['10', 'A', '8', '6', '2'];
    const h17 = play(stackedGame(top, { dealerStandsSoft17: false }), [bet(100), DEAL, STAND]);
    expect(h17.dealerCards).toHaveLength(3);
    expect(h17.balance).toBe(9900); // 18 against 19
    const s17 = play(stackedGame(top), [bet(100), DEAL, STAND]);
    expect(s17.dealerCards).toHaveLength(2);
    expect(s17.balance).toBe(10100); // 18 against 17
  });

  it('no hole card (dealerPeeks false): the dealer takes the second card after the players; a blackjack takes only the original bet', () => {
    // Deal order without a hole card: 6, A up, 5; the double's card 2; then the dealer's K.
    const s = play(stackedGame(['6', 'A', '5', '2', 'K'], { dealerPeeks: false }), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('playing');
    expect(s.dealerCards).toHaveLength(1); // no card face down: nothing to hide (ADR 0050)
    expect(visible(s).dealerCards).toHaveLength(1);
    const done = ok(s, DOUBLE);
    expect(done.playerHands[0]?.cards.map((c) => c.rank)).toEqual(['6', '5', '2']);
    expect(done.dealerCards.map((c) => c.rank)).toEqual(['A', 'K']);
    expect(done.lastResult?.dealerBlackjack).toBe(true);
    expect(done.balance).toBe(9900); // the double is refunded
  });

  it('no hole card, every stake lost (noHoleCardLosses all): the double goes to the blackjack too', () => {
    const done = play(stackedGame(['6', 'A', '5', '2', 'K'], { dealerPeeks: false, noHoleCardLosses: 'all' }), [bet(100), DEAL, DOUBLE]);
    expect(done.lastResult?.dealerBlackjack).toBe(true);
    expect(done.balance).toBe(9800);
    expect(done.lastResult?.hands[0]?.outcome).toBe('loss');
  });

  it('no hole card, late surrender loses the whole bet to a blackjack; early surrender keeps half', () => {
    const top = ['10', 'K', '6', 'A']; // 16 against K, the dealer's second card an ace
    const late = play(stackedGame(top, { dealerPeeks: false }), [bet(100), DEAL, SURRENDER]);
    expect(late.balance).toBe(9900);
    const early = play(stackedGame(top, { dealerPeeks: false, earlySurrender: 'vs10', surrenderAllowed: false }), [bet(100), DEAL, SURRENDER]);
    expect(early.lastResult?.dealerBlackjack).toBe(true);
    expect(early.lastResult?.hands[0]?.outcome).toBe('surrender');
    expect(early.balance).toBe(9950);
  });
});

describe('early surrender before the peek (decision record 0050)', () => {
  const rules = { earlySurrender: 'vs10', surrenderAllowed: false };
  it('is asked before the dealer checks: surrendering keeps half the bet against a blackjack', () => {
    let s = play(stackedGame(['10', 'K', '6', 'A'], rules), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('surrender');
    expect(s.gameStatus).toBe('Surrender early, before the dealer checks for blackjack?');
    expect(visible(s).dealerCards[1]).toBeNull();
    refused(s, SURRENDER, 'asked now');
    refused(s, HIT, 'no hand');
    s = ok(s, { type: 'earlySurrender', take: true });
    expect(s.gamePhase).toBe('roundOver');
    expect(s.lastResult?.dealerBlackjack).toBe(true);
    expect(s.balance).toBe(9950);
  });

  it('declined: the dealer peeks, and the hand plays on without a late surrender against that upcard', () => {
    const bj = play(stackedGame(['10', 'K', '6', 'A'], rules), [bet(100), DEAL, { type: 'earlySurrender', take: false }]);
    expect(bj.balance).toBe(9900);
    const s = play(stackedGame(['10', 'K', '6', '7'], rules), [bet(100), DEAL, { type: 'earlySurrender', take: false }]);
    expect(s.gamePhase).toBe('playing');
    refused(s, SURRENDER, 'early only');
  });

  it('asks each hand in turn, skips a natural, and is not asked against an ace with vs10', () => {
    let s = play(stackedGame(['10', 'A', 'K', 'K', '6', 'K', '6', '7'], { ...rules, numInitialHands: 3 }), [bet(100), DEAL]);
    expect(s.gamePhase).toBe('surrender');
    expect(s.currentHandIndex).toBe(0);
    s = ok(s, { type: 'earlySurrender', take: false });
    expect(s.currentHandIndex).toBe(2); // hand 2 is a natural (A,K)
    expect(s.gameStatus).toBe('Hand 3: surrender early, before the dealer checks for blackjack?');
    s = ok(s, { type: 'earlySurrender', take: true });
    expect(s.gamePhase).toBe('playing');
    expect(s.playerHands[2]?.status).toBe('surrendered');
    const ace = play(stackedGame(['10', 'A', '6', '7'], rules), [bet(100), DEAL]);
    expect(ace.gamePhase).toBe('playing');
  });

  it('a refusal outside the phase', () => {
    refused(stackedGame(['10']), { type: 'earlySurrender', take: true }, 'not on offer');
  });
});

describe('continuous shuffler', () => {
  it('every round is dealt from a fresh shoe: the last one is revealed at the next deal and the count starts again', () => {
    const rng = seededRng(5, 1);
    let s = createGame({ rules: { continuousShuffler: true }, balance: 1000 });
    s = ok(s, bet(10));
    const first = step(s, DEAL, rng);
    if (!first.ok) throw new Error(first.reason);
    s = first.state;
    const firstCommitment = s.deck?.commitment;
    while (s.gamePhase !== 'roundOver') s = ok(s, STAND, rng);
    const next = step(s, DEAL, rng);
    if (!next.ok) throw new Error(next.reason);
    expect(next.published).toHaveLength(1);
    expect(next.published[0]?.commitment).toBe(firstCommitment);
    expect(verifyShoeReveal(next.published[0]!.commitment, next.published[0]!.reveal)).toBe(true);
    expect(next.state.deck?.commitment).not.toBe(firstCommitment);
    // The count is of this round's cards only.
    const seen = [...next.state.playerHands[0]!.cards, next.state.dealerCards[0]!];
    const hiLo = (v: number): number => (v >= 2 && v <= 6 ? 1 : v === 1 || v === 10 ? -1 : 0);
    expect(next.state.runningCount).toBe(seen.reduce((a, c) => a + hiLo(cardValue(c)), 0));
  });
});

describe('several spots', () => {
  it('deals each spot in turn and settles each hand', () => {
    let s = stackedGame(['10', '9', '6', 'K', '9', '10', '10'], { numInitialHands: 2 });
    s = play(s, [bet(100), DEAL]);
    expect(s.playerHands.map((h) => h.cards.map((c) => c.rank))).toEqual([
      ['10', 'K'],
      ['9', '9'],
    ]);
    expect(s.gameStatus).toBe('Hand 1: 20. Hit or stand?');
    s = play(s, [STAND, STAND]);
    expect(s.balance).toBe(10200);
    expect(s.gameStatus).toBe('You win 200 this round');
    expect(s.sessionStats.handsWon).toBe(2);
  });

  it('keeps the bets of the spots kept when the number of spots changes, new spots empty', () => {
    let s = play(stackedGame(['10'], { numInitialHands: 3 }), [bet(50, 0), bet(26, 1), bet(100, 2)]);
    s = ok(s, { type: 'setConfig', rules: { ...s.config, numInitialHands: 2 } });
    expect(s.handBets).toEqual([50, 26]);
    expect(s.currentBet).toBe(76);
    s = ok(s, { type: 'setConfig', rules: { ...s.config, numInitialHands: 4 } });
    expect(s.handBets).toEqual([50, 26, 0, 0]);
    expect(s.currentBet).toBe(76);
  });

  it('drops the kept bets when the balance no longer covers them', () => {
    // Two spots of 50 on a balance of 120 lose (12 and 13 against the dealer's 19): 20 is left.
    let s = play(stackedGame(['10', '10', '10', '2', '3', '9'], { numInitialHands: 2 }, 120), [bet(50, 0), bet(50, 1), DEAL, STAND, STAND]);
    expect(s.balance).toBe(20);
    s = ok(s, { type: 'setConfig', rules: { ...s.config, numInitialHands: 1 } });
    expect(s.handBets).toEqual([0]);
    expect(s.currentBet).toBe(0);
  });

  it('refuses a deal until every spot has a bet', () => {
    const s = ok(stackedGame(['10'], { numInitialHands: 2 }), bet(50, 0));
    refused(s, DEAL, 'every spot');
  });
});

describe('illegal actions leave the state unchanged', () => {
  it('refuses with a reason', () => {
    const s0 = stackedGame(['10', '10', '6', '7', '2']);
    refused(s0, HIT, 'no hand');
    refused(s0, DEAL, 'Place your bet first.');
    refused(s0, bet(20000), 'Not enough balance');
    refused(s0, bet(-5), 'whole number');
    refused(s0, bet(2.5), 'whole number');
    refused(s0, bet(10, 3), 'no spot 3');
    refused(s0, { type: 'newRound' }, 'Finish the round');
    const s1 = play(s0, [bet(100), DEAL]);
    refused(s1, DEAL, 'already in progress');
    refused(s1, bet(5), 'between rounds');
    refused(s1, SPLIT, 'same value');
    refused(s1, { type: 'reset' }, 'Finish the round');
    refused(s1, { type: 'setConfig', rules: {} }, 'between rounds');
    const s2 = ok(s1, HIT);
    refused(s2, DOUBLE, 'first two cards');
    refused({ ...s0 }, { type: 'setConfig', rules: { numDecks: 0 } }, 'numDecks must be between 1 and 8 (got 0).');
  });

  it('a double needs the balance to cover it', () => {
    const s = play(stackedGame(['5', '10', '4', '7'], {}, 100), [bet(100), DEAL]);
    refused(s, DOUBLE, 'Not enough balance');
  });
});

describe('shoe, count, visibility, reset', () => {
  it('shuffles only with an RNG, and reshuffles at the shuffle point', () => {
    const s = ok(createGame(), bet(10));
    refused(s, DEAL, 'no random source');
    const rng = seededRng(1);
    const dealt = ok(s, DEAL, rng);
    expect(dealt.deck?.cards).toHaveLength(312);
    // Push the shoe to the shuffle point: the next deal publishes the old shoe and shuffles.
    const low = { ...dealt, deck: dealt.deck ? { ...dealt.deck, position: 240 } : null, gamePhase: 'roundOver' as const, gameInProgress: false };
    const next = ok(low, DEAL, rng);
    expect(next.lastShoeReveal?.cards).toEqual(dealt.deck?.cards);
    // The new shoe's burn card and the round's four cards (ADR 0042).
    expect(next.deck?.position).toBe(5);
    expect(next.deck?.burnIndex).toBe(0);
    expect(next.cardsDealtFromShoe).toBe(4);
  });

  it('counts visible cards; the hole card counts when revealed', () => {
    let s = play(stackedGame(['10', '5', '6', 'K']), [bet(100), DEAL]);
    expect(s.runningCount).toBe(1); // 10 (-1), 5 (+1), 6 (+1); the K is face down
    expect(s.trueCount).toBe(0); // 1 / 6 decks, floored
    s = ok(s, SURRENDER); // the dealer only turns the hole card over
    expect(s.dealerCards).toHaveLength(2);
    expect(s.runningCount).toBe(0);
  });

  it('visible() hides the hole card, the shoe order and the salt', () => {
    const s = play(stackedGame(['10', '5', '6', 'K']), [bet(100), DEAL]);
    const v = visible(s);
    expect(v.dealerCards).toEqual([{ rank: '5', suit: 'spades' }, null]);
    // Seen: the 10, the 5 and the 6, by value; the face-down K is not among them.
    const seen = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1];
    expect(v.deck).toEqual({ cardsRemaining: 308, totalCards: 312, commitment: s.deck?.commitment, seen });
    const json = JSON.stringify(v);
    expect(json).not.toContain('salt');
    expect(json).not.toContain('"cards":[0');
    const stood = visible(ok(s, STAND));
    expect(JSON.stringify(stood).includes('"K"')).toBe(true);
    // Turned over, the K is seen; so is every card the dealer drew.
    const drawn = stood.dealerCards.slice(2).map((c) => (c === null ? 0 : cardValue(c)));
    const after = seen.slice();
    for (const value of [10, ...drawn]) after[value] = (after[value] ?? 0) + 1;
    expect(stood.deck?.seen).toEqual(after);
  });

  it('visible() counts what was seen since the shuffle across rounds, the hole card once turned', () => {
    const rng = seededRng(7);
    const NEW_ROUND: GameAction = { type: 'newRound' };
    // Random legal plays until the round is over (bounded: a round has far fewer decisions).
    const playOut = (g: GameState, r: Rng): GameState => {
      let cur = g;
      for (let i = 0; i < 40 && cur.gamePhase !== 'roundOver'; i++) {
        const moves = legalActions(cur, r).filter((a) => a.type !== 'deal' && a.type !== 'newRound');
        const move = moves[r.nextUint32() % moves.length];
        if (move === undefined) throw new Error('no legal play in a round in progress');
        cur = ok(cur, move, r);
      }
      expect(cur.gamePhase).toBe('roundOver');
      return cur;
    };
    let s = play(stackedGame(['10', '5', '6', 'K']), [bet(100), DEAL, STAND]);
    const shown = (g: GameState): number => {
      const v = visible(g);
      return (v.deck?.seen ?? []).reduce((a, b) => a + b, 0);
    };
    // Every dealt card is shown once the round is over.
    expect(shown(s)).toBe(s.deck?.position);
    for (let round = 0; round < 20; round++) {
      s = play(s, [NEW_ROUND, bet(100)]);
      s = ok(s, DEAL, rng);
      const v = visible(s);
      const hidden = v.dealerCards.filter((c) => c === null).length;
      expect(shown(s)).toBe((s.deck?.position ?? 0) - hidden);
      s = playOut(s, rng);
      expect(shown(s)).toBe(s.deck?.position);
    }
  });

  it('reset keeps balance, config and session stats', () => {
    const done = play(stackedGame(['A', 'K', '10', '7'], { numDecks: 2 }), [bet(100), DEAL]);
    const r = ok(done, { type: 'reset' });
    expect(r.balance).toBe(10150);
    expect(r.config.numDecks).toBe(2);
    expect(r.sessionStats).toEqual(done.sessionStats);
    expect(r.gamePhase).toBe('betting');
    expect(r.gameStatus).toBe('Place your bet and click Deal!');
    expect(r.currentBet).toBe(0);
  });

  it('session stats: streaks and biggest win/loss', () => {
    let s = stackedGame(['A', 'K', '10', '7', '10', 'A', '9', 'K', '10', 'A', '9', 'K']);
    s = play(s, [bet(100), DEAL]); // win 150
    s = play(s, [DEAL]); // dealer blackjack: lose 100
    s = play(s, [DEAL]); // lose 100 again
    const st = s.sessionStats;
    expect([st.handsPlayed, st.handsWon, st.handsLost, st.handsPushed]).toEqual([3, 1, 2, 0]);
    expect([st.totalBet, st.totalWon, st.totalLost]).toEqual([300, 150, 200]);
    expect([st.biggestWin, st.biggestLoss]).toEqual([150, 100]);
    expect([st.currentStreak, st.bestStreak, st.worstStreak]).toEqual([-2, 1, -2]);
  });

  it('a refused step returns the very same object', () => {
    const s = createGame();
    expect(step(s, HIT).state).toBe(s);
  });
});

describe('a shoe that runs out mid-round (decision record 0004: revealed only when no card dealt from it is hidden)', () => {
  /**
   * A one-deck game whose shoe may deal only `last` (player, dealer up, player, hole) before its
   * reserve (ADR 0042).
   */
  function lastCardsGame(last: string[]): GameState {
    const suit = { spades: 's', hearts: 'h', diamonds: 'd', clubs: 'c' } as const;
    const all = SUITS.flatMap((s) => RANKS.map((r) => `${r}${suit[s]}`));
    const rest = all.filter((c) => !last.includes(c));
    const dealtBefore = rest.length - SHOE_RESERVE_CARDS;
    const shoe = stackedShoe(1, [...rest.slice(0, dealtBefore), ...last, ...rest.slice(dealtBefore)]);
    return createGame({ rules: { numDecks: 1, shufflePoint: 0 }, shoe: { ...shoe, position: dealtBefore } });
  }

  it('is held back while the hole card is face down, and published with the round that turns it', () => {
    // 2 + 3 cannot bust on a hit: the hit draws from a new shoe and the round goes on.
    const dealt = play(lastCardsGame(['2s', '9h', '3d', '7c']), [bet(100), DEAL]);
    const old = dealt.deck!;
    const hit = step(dealt, HIT, seededRng(3));
    if (!hit.ok) throw new Error(hit.reason);
    const s = hit.state;
    expect(s.deck?.commitment).not.toBe(old.commitment);
    expect([s.gamePhase, s.holeCardRevealed]).toEqual(['playing', false]);
    // Nothing published: the old shoe's order would show the face-down 7 of clubs at position 38.
    expect(hit.published).toEqual([]);
    expect(s.lastShoeReveal).toBeNull();
    expect(s.heldShoes.map((h) => h.commitment)).toEqual([old.commitment]);
    expect(visible(s)).not.toHaveProperty('heldShoes');
    expect(JSON.stringify(visible(s))).not.toContain(old.salt);

    const stood = step(s, STAND, seededRng(4));
    if (!stood.ok) throw new Error(stood.reason);
    expect(stood.state.gamePhase).toBe('roundOver');
    expect(stood.state.heldShoes).toEqual([]);
    expect(stood.published).toEqual([{ commitment: old.commitment, reveal: revealShoe(old) }]);
    expect(stood.state.lastShoeReveal).toEqual(revealShoe(old));
    expect(verifyShoeReveal(old.commitment, stood.state.lastShoeReveal!)).toBe(true);
  });

  it('a shoe that runs out once the hole card is turned (the dealer drawing) is published at once', () => {
    // Player 10 + 9 stands; the dealer's 6 + 7 = 13 draws from the next shoe.
    const dealt = play(lastCardsGame(['10s', '6h', '9d', '7c']), [bet(100), DEAL]);
    const stood = step(dealt, STAND, seededRng(5));
    if (!stood.ok) throw new Error(stood.reason);
    expect(stood.state.dealerCards.length).toBeGreaterThan(2);
    expect(stood.published.map((p) => p.commitment)).toEqual([dealt.deck!.commitment]);
    expect(stood.state.heldShoes).toEqual([]);
  });

  it('shoes held back are published in the order they left play, the newest as lastShoeReveal', () => {
    const dealt = play(lastCardsGame(['2s', '9h', '3d', '7c']), [bet(100), DEAL]);
    const hit = ok(dealt, HIT, seededRng(3));
    // A second shoe run out in the same round (possible with many spots and splits), held too.
    const second = { ...stackedShoe(1, [], seededRng(6), 'second'), position: 52 - SHOE_RESERVE_CARDS };
    const stood = step({ ...hit, heldShoes: [...hit.heldShoes, second] }, STAND, seededRng(4));
    if (!stood.ok) throw new Error(stood.reason);
    expect(stood.published.map((p) => p.commitment)).toEqual([dealt.deck!.commitment, second.commitment]);
    expect(stood.state.lastShoeReveal).toEqual(revealShoe(second));
  });
});
