// Pair splitting: how many split hands end with a non-pair second card and how many end as an
// unsplittable pair, in expectation.
//
// The split algorithm (documented for the report and the web app):
//  1. Post-split play is evaluated for ONE hand that starts with the pair card p, drawing from
//     the shoe with the upcard and BOTH original pair cards removed (S'). v(c) is that hand's
//     value after receiving second card c (optimal composition-dependent play, or the chart,
//     with doubling only if DAS and the restriction allow it; split aces take one card unless
//     hitSplitAces).
//  2. E_any = sum_c P(c | S') v(c); E_np = E_any without the c = p term, renormalised; E_pp = v(p)
//     (the pair that may no longer be split: hand limit reached, or aces without resplitAces).
//  3. The number of hands is random: each pending hand draws a second card, which is p with
//     probability (n_p - p's drawn) / (N' - cards drawn) (exact removal for the p/non-p split);
//     a p resplits while fewer than maxSplits + 1 hands exist. splitHandCounts() gives the
//     expected number of hands finishing non-pair (nonPair) and as a pair (pair).
//  4. Split EV = nonPair * E_np + pair * E_pp.
// Without resplits (maxSplits 1, or aces without resplitAces) this is exact: by exchangeability
// each of the two hands has the value of a single hand played from S' (2 * E_any). With
// resplits, the extra removal of the third and fourth p from the other hands' shoe is ignored,
// the same approximation published combinatorial analysers make when post-split strategy is
// fixed; its effect on the overall EV is of the order of 1e-6.

export interface SplitHandCounts {
  /** Expected number of hands whose second card is not the pair card. */
  nonPair: number;
  /** Expected number of hands that end as an unsplittable pair. */
  pair: number;
}

/**
 * @param pairCardsLeft n_p in S' (both original pair cards removed)
 * @param cardsLeft N' (cards in S')
 * @param maxHands hands allowed for this pair, >= 2
 */
export function splitHandCounts(pairCardsLeft: number, cardsLeft: number, maxHands: number): SplitHandCounts {
  if (maxHands < 2 || maxHands > 4) throw new RangeError(`maxHands must be 2..4 (got ${maxHands}).`);
  const result = { nonPair: 0, pair: 0 };
  const step = (hands: number, pending: number, pairsDrawn: number, othersDrawn: number, prob: number): void => {
    if (pending === 0 || prob === 0) return;
    const left = cardsLeft - pairsDrawn - othersDrawn;
    const q = left > 0 ? Math.max(0, pairCardsLeft - pairsDrawn) / left : 0;
    result.nonPair += prob * (1 - q);
    step(hands, pending - 1, pairsDrawn, othersDrawn + 1, prob * (1 - q));
    if (q > 0) {
      if (hands < maxHands) step(hands + 1, pending + 1, pairsDrawn + 1, othersDrawn, prob * q);
      else {
        result.pair += prob * q;
        step(hands, pending - 1, pairsDrawn + 1, othersDrawn, prob * q);
      }
    }
  };
  step(2, 2, 0, 0, 1);
  return result;
}
