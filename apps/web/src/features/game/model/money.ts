// Table amounts are whole (bets go in the rules' steps, decision record 0045); expected values and a
// round stored before the steps (a 3:2 blackjack on 25 paid 37.5) keep cents: up to two decimals.

const formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAmount(credits: number): string {
  return formatter.format(credits);
}

/** '+37.5', '-100', '±0'. */
export function formatNet(net: number): string {
  if (net === 0) return '±0';
  return `${net > 0 ? '+' : '−'}${formatter.format(Math.abs(net))}`;
}
