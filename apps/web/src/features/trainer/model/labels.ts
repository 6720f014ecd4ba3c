import type { DeviationAnswer } from './deviation-items.ts';

/** Button label and keyboard key of each answer. */
export const ANSWER_KEYS: Record<DeviationAnswer, { label: string; key: string }> = {
  hit: { label: 'Hit', key: 'h' },
  stand: { label: 'Stand', key: 's' },
  double: { label: 'Double', key: 'd' },
  split: { label: 'Split', key: 'p' },
  surrender: { label: 'Surrender', key: 'r' },
  insure: { label: 'Insure', key: 'i' },
  noInsurance: { label: 'Decline', key: 'n' },
};

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function percent(x: number | null): string {
  return x === null ? '–' : `${Math.round(x * 100)}%`;
}

/** Shares of the bet below this read as even: a hundredth of a percent. */
const EVEN_BELOW = 0.0001;

/**
 * What a miss gave up, in words: the share of the bet to two decimals (0.4% read 0.0% at one
 * decimal's rounding), or that the two plays are about even when it is under 0.01%.
 * `cost` is in bets; `where`: ' at this count' for a deviation, '' off the top.
 */
export function missCostText(chosen: string, answer: string, cost: number, where: string): string {
  if (cost < EVEN_BELOW) return `${chosen} and ${answer} are within 0.01% of the bet of each other${where}.`;
  return `${chosen} gives up ${(100 * cost).toFixed(2)}% of the bet${where}.`;
}

export function seconds(ms: number | null): string {
  return ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`;
}

/** An item key in counters' words: 'hard:16:10' -> '16 v 10', 'pair:A:6' -> 'A,A v 6', 'rc:1d:2c' -> '1 deck, 2 at a time'. */
export function itemLabel(item: string): string {
  const parts = item.split(':');
  const [kind, a, b] = parts;
  if (kind === 'hard' && a && b) return `${a} v ${b}`;
  if (kind === 'soft' && a && b) return `A,${Number(a) - 11} v ${b}`;
  if (kind === 'pair' && a && b) return `${a},${a} v ${b}`;
  if (kind === 'rc' && a && b) {
    const decks = Number(a.replace('d', ''));
    const text = `${decks} ${decks === 1 ? 'deck' : 'decks'}, ${b.replace('c', '')} at a time`;
    return parts[3] === 'stop' ? `${text} (stops)` : text;
  }
  if (kind === 'tc' && a) return `${a} decks left`;
  if (kind === 'de' && a && b) return `${a.replace('d', '')}-deck shoe, ${b} left`;
  if (item === 'insurance') return 'Insurance';
  const speed = /^(fl|pr|tr):(\d+)([cps])$/.exec(item);
  if (speed) return `${speed[2]} ${speed[1] === 'fl' ? 'cards at once' : speed[1] === 'pr' ? 'pairs' : 'seats'}`;
  const bet = /^bs:(ramp|kelly):([+-]?\d+)$/.exec(item);
  if (bet) return `${bet[1] === 'ramp' ? 'Ramp' : 'Kelly'} at ${bet[2]}`;
  // The server-dealt deviations drill's items (ADR 0053): 'dev:16v10:stand+', 'dev:insurance'.
  if (item === 'dev:insurance') return 'Insurance';
  const full = /^dev:(.+)v(\d+|A):([a-z]+)([+-])$/.exec(item);
  if (full) return `${full[1]} v ${full[2]}, ${full[3]} ${full[4] === '+' ? 'at or above' : 'at or below'} its index`;
  const dev = /^(I18|Fab4)-(.+)v(.+)$/.exec(item);
  if (dev) return `${dev[2]} v ${dev[3]} (${dev[1] === 'I18' ? 'I18' : 'Fab 4'})`;
  return item;
}
