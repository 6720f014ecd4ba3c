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
  const dev = /^(I18|Fab4)-(.+)v(.+)$/.exec(item);
  if (dev) return `${dev[2]} v ${dev[3]} (${dev[1] === 'I18' ? 'I18' : 'Fab 4'})`;
  return item;
}
