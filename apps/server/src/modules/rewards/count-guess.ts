/**
 * How often a count is answered right without counting (ADR 0044): the share of countdowns whose
 * running count equals the count's most likely value, for a player who looks at nothing but how
 * many cards were held back. The countdown deals full decks less 1 to COUNTDOWN_HELD_BACK_MAX
 * cards (uniformly, and the screen says how many), so its running count is the decks' fixed sum
 * less the tags of those few cards: the fewest unseen cards of any answer that pays, the easiest
 * to guess. Computed exactly for one deck (more decks move the figure by under 0.005) from the
 * count's tags: for each number h of cards held back, the largest probability of one tag sum over
 * every multiset of h cards (hypergeometric), averaged over h.
 *
 * Figures (one deck, 1-5 held back): Hi-Lo 0.280, KO 0.315 (the highest of the built-ins: 24 of 52
 * cards are +1), Hi-Opt I 0.297, Red 7 0.295, Wong Halves 0.189, Hi-Opt II 0.185, Zen and
 * Omega II 0.180; {A:+1} 0.787, {5:+1, A:-1} 0.652, {T:-1} 0.482, {A:+1, T:-1} 0.417.
 */
import { countKey, countingSystemOf, type CountSpec } from '@card-counter/engine';
import { COUNTDOWN_HELD_BACK_MAX, GUESSABLE_COUNT_SHARE_MAX } from '@card-counter/shared';

/** One deck's cards grouped by scaled tag: how many cards carry each tag. */
function tagClasses(spec: CountSpec): number[][] {
  const sys = countingSystemOf(spec);
  const byTag = new Map<number, number>();
  const add = (tag: number, cards: number) => byTag.set(tag, (byTag.get(tag) ?? 0) + cards);
  for (let value = 1; value <= 10; value++) {
    const tag = sys.tags[value] ?? 0;
    const cards = value === 10 ? 16 : 4;
    // Red 7: the two red sevens carry the bonus, the two black ones the plain tag.
    if (value === 7 && sys.redSevenBonus !== 0) {
      add(tag + sys.redSevenBonus, 2);
      add(tag, 2);
    } else add(tag, cards);
  }
  return [...byTag].map(([tag, cards]) => [tag, cards]);
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

/** The largest probability of one tag sum over `h` cards drawn from the classes (exact: integer ways over C(52, h)). */
function modeShare(classes: number[][], h: number): number {
  // ways.get(`${drawn}:${sum}`): the ways to draw `drawn` cards from the classes seen so far with that sum.
  let ways = new Map<string, number>([['0:0', 1]]);
  for (const [tag, cards] of classes as [number, number][]) {
    const next = new Map<string, number>();
    for (const [key, w] of ways) {
      const [drawn, sum] = key.split(':').map(Number) as [number, number];
      for (let k = 0; k <= Math.min(cards, h - drawn); k++) {
        const to = `${drawn + k}:${sum + k * tag}`;
        next.set(to, (next.get(to) ?? 0) + w * choose(cards, k));
      }
    }
    ways = next;
  }
  let best = 0;
  for (const [key, w] of ways) if (key.startsWith(`${h}:`)) best = Math.max(best, w);
  return best / choose(52, h);
}

const shares = new Map<string, number>();

/** The share of countdowns a player answers right by always giving the most likely count (see the file comment). */
export function guessShare(spec: CountSpec): number {
  const key = countKey(spec);
  const known = shares.get(key);
  if (known !== undefined) return known;
  const classes = tagClasses(spec);
  let total = 0;
  for (let h = 1; h <= COUNTDOWN_HELD_BACK_MAX; h++) total += modeShare(classes, h);
  const share = total / COUNTDOWN_HELD_BACK_MAX;
  // A player's custom counts are few; the cache is bounded anyway (a count is a handful of tags).
  if (shares.size > 1000) shares.clear();
  shares.set(key, share);
  return share;
}

/**
 * The shape of a speed drill (docs/decisions/0062-speed-drills.md): a flash of `cards` cards
 * counted as a group, `pairs` pairs each judged to cancel or not, a table's round of `cards`.
 */
export type SpeedShape = { kind: 'flash'; cards: number } | { kind: 'pairs'; pairs: number } | { kind: 'tableRound'; cards: number };

/** The probability that two cards of one deck cancel (their tags sum to 0), exact. */
export function cancelShare(spec: CountSpec): number {
  const classes = tagClasses(spec);
  let ways = 0;
  for (const [a, na] of classes as [number, number][])
    for (const [b, nb] of classes as [number, number][]) if (a + b === 0) ways += a === b ? na * (na - 1) : na * nb;
  return ways / (52 * 51);
}

/**
 * The share of a speed drill answered right without looking, by always giving the most likely
 * answer: for a flash or a round of n cards the most likely tag sum of n cards of one deck (exact,
 * as for the countdown: the player sees how many cards there are); for pairs the more likely of
 * "cancels" and "does not" for every pair, pairs taken as independent (they are drawn from one
 * shoe, which moves the figure by under 0.005 at these sizes).
 */
export function speedGuessShare(spec: CountSpec, shape: SpeedShape): number {
  if (shape.kind === 'pairs') {
    const c = cancelShare(spec);
    return Math.max(c, 1 - c) ** shape.pairs;
  }
  const n = Math.min(shape.cards, 52);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a speed drill shows at least one card, got ${shape.cards}`);
  return modeShare(tagClasses(spec), n);
}

/** A count that needs no counting pays nothing: guessed right more often than GUESSABLE_COUNT_SHARE_MAX. */
export function needsNoCounting(spec: CountSpec): boolean {
  return guessShare(spec) > GUESSABLE_COUNT_SHARE_MAX;
}
