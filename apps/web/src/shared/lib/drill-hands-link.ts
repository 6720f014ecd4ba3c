// "Drill these" (issue 26): the mistakes list hands the trainer the hands to drill through the
// URL, the one interface between two features that may not import each other. A hand is its card
// values (1 = ace, 10 = any ten) and the dealer's upcard: `10.6v10,1.7v9`. The trainer turns each
// into its chart cell; whatever does not parse is dropped, never guessed.

export interface DrillHand {
  hand: number[];
  upcard: number;
}

/** Hands one link carries (a page of mistakes is 20; a hand-written URL stays bounded). */
export const DRILL_HANDS_MAX = 40;

const HAND = /^((?:10|[1-9])(?:\.(?:10|[1-9])){1,9})v(10|[1-9])$/;

export function drillHandsHref(hands: readonly DrillHand[]): string {
  const param = hands
    .slice(0, DRILL_HANDS_MAX)
    .map((h) => `${h.hand.join('.')}v${h.upcard}`)
    .join(',');
  return `/?mode=drills&drill=basicStrategy&hands=${param}`;
}

export function parseDrillHands(param: string | null): DrillHand[] {
  if (param === null || param === '') return [];
  const hands: DrillHand[] = [];
  for (const part of param.split(',').slice(0, DRILL_HANDS_MAX)) {
    const m = HAND.exec(part.trim());
    if (!m) continue;
    hands.push({ hand: (m[1] as string).split('.').map(Number), upcard: Number(m[2]) });
  }
  return hands;
}
