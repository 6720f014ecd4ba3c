import type { DeviationAnswer } from '../model/deviation-items.ts';

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
