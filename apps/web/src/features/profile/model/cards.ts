import type { Mistake } from '@card-counter/shared';

/** A card value as the record keeps it (1 = ace, 10 = any ten) as a player reads it. */
export function cardLabel(value: number): string {
  return value === 1 ? 'A' : String(value);
}

/** "soft 17", "hard 18", "pair of 8s": the hand as the coach names it. */
export function handName(hand: readonly number[], kind: 'hard' | 'soft' | 'pair'): string {
  const total = hand.reduce((a, c) => a + c, 0);
  if (kind === 'pair') return `pair of ${cardLabel(hand[0] ?? 0)}s`;
  return kind === 'soft' ? `soft ${total + 10}` : `hard ${total}`;
}

const CHOICE: Record<string, string> = {
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  surrender: 'Surrender',
  insure: 'Take insurance',
  noInsurance: 'No insurance',
};

export function choiceLabel(choice: string): string {
  return CHOICE[choice] ?? choice;
}

/** A signed true count with one decimal: +2.0, -1.5. */
export function countLabel(tc: number): string {
  return `${tc > 0 ? '+' : ''}${tc.toFixed(1)}`;
}

/** The cards seen before a decision, e.g. "3 cards seen (tens 1, aces 0)". */
export function seenLabel(seen: readonly number[] | null): string | null {
  if (seen === null) return null;
  const n = seen.reduce((a, c) => a + c, 0);
  return `${n} card${n === 1 ? '' : 's'} seen (tens ${seen[9] ?? 0}, aces ${seen[0] ?? 0})`;
}

/** One mistake as CSV cells: when, kind, situation, done, right, cost credits, cost %. */
export function mistakeCsvRow(m: Mistake): string[] {
  if (m.kind === 'countCheck')
    return [m.at, m.kind, 'running count', String(m.answered), String(m.expected), '', ''];
  if (m.kind === 'bet')
    return [
      m.at,
      m.kind,
      `true count ${countLabel(m.trueCount)}`,
      String(m.bet_credits),
      String(m.rampBet_credits),
      m.cost_credits.toFixed(2),
      m.costPercent?.toFixed(2) ?? '',
    ];
  return [
    m.at,
    m.kind,
    `${m.hand.map(cardLabel).join(' ')} v ${cardLabel(m.upcard)} at ${countLabel(m.trueCount)}`,
    m.chosen,
    m.best,
    m.cost_credits.toFixed(2),
    m.costPercent?.toFixed(2) ?? '',
  ];
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return (
    rows
      .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\n') + '\n'
  );
}
