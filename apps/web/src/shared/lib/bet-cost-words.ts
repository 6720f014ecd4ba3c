// A bet's cost in words (decision record 0058), apart from grade-words.ts: the bet panel is on
// the table's first load, the long definitions are not.

/** One off-ramp (or on-ramp) bet's cost in words: never a negative cost. */
export function betCostWords(verdict: 'right' | 'over' | 'under', cost_credits: number, amount: (x: number) => string): string {
  if (cost_credits > 0) return `Cost ${amount(cost_credits)} expected credits`;
  if (verdict === 'over') return 'No expectation given away: more at risk than your ramp plans';
  if (verdict === 'under') return 'No expectation given away: less at risk than your ramp plans';
  return 'No expectation given away';
}
