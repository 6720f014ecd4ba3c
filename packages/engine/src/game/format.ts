// How the reducer writes credit amounts in its messages.

/** Whole credits as integers, anything else with two decimals (8.4 -> "8.40"). */
export function formatCredits(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
