// An ace side count (decision record 0051): counts that tag the ace less than a ten (Hi-Opt I
// and II and Omega II count it 0, Zen -1 against its tens' -2) keep the aces seen apart and, for
// betting, add what the aces left are worth beyond their share: for each ace more than the
// 4-in-52 share of the unseen cards, the running count gains the difference between a ten's tag
// and the ace's, the count's own level for an ace-neutral count (Humble & Cooper, The World's
// Greatest Blackjack Book, 1980, for Hi-Opt I: one point per surplus ace; Carlson, Blackjack for
// Blood, 2001, for Omega II: two). It makes a seen ace count like a ten for the bet. Playing
// decisions keep the count itself (the books' indices are read on it).
import { CARDS_PER_DECK } from '../cards.ts';
import type { CountingSystem } from './systems.ts';
import { decisionCount, type TrueCountOptions } from './true-count.ts';

/** Aces per deck, and the share of the unseen cards an even shoe has as aces. */
const ACES_PER_DECK = 4;

/**
 * What one surplus ace adds to the running count for betting, in count points: a ten's tag less
 * the ace's (both negative), when the count is balanced and tags the ace less than a ten; else 0.
 */
export function aceSideWeight(sys: Pick<CountingSystem, 'tags' | 'scale' | 'balanced'>): number {
  const ace = sys.tags[1] ?? 0;
  const ten = sys.tags[10] ?? 0;
  if (!sys.balanced || ten >= 0 || ace < ten || ace > 0) return 0;
  return (ace - ten) / sys.scale;
}

/** Does an ace side count change this count's bets? (Hi-Opt I, Hi-Opt II, Omega II, Zen: yes; Hi-Lo: no.) */
export function sideCountsAces(sys: Pick<CountingSystem, 'tags' | 'scale' | 'balanced'>): boolean {
  return aceSideWeight(sys) > 0;
}

/** Aces left beyond their share of the unseen cards (negative: fewer than their share). */
export function aceSurplus(acesSeen: number, cardsRemaining: number, numDecks: number): number {
  return ACES_PER_DECK * numDecks - acesSeen - (cardsRemaining * ACES_PER_DECK) / CARDS_PER_DECK;
}

/**
 * The count a bet is made on: the decision count, from the running count plus the aces' surplus
 * worth when the player side-counts aces (`aceSideCount`) and the count has an ace weight.
 */
export function bettingCount(
  sys: CountingSystem,
  counting: TrueCountOptions & { aceSideCount?: boolean },
  runningCount: number,
  cardsRemaining: number,
  acesSeen: number,
  numDecks: number,
): number {
  const w = counting.aceSideCount ? aceSideWeight(sys) : 0;
  const adjusted = w > 0 ? runningCount + w * aceSurplus(acesSeen, cardsRemaining, numDecks) : runningCount;
  return decisionCount(sys, adjusted, cardsRemaining, counting);
}
