import type { CSSProperties } from 'react';
import { formatCreditsFull } from '@/shared/lib/format.ts';

// Each colour holds its white label at 4.5:1 or more (WCAG AA for small text; the accessibility
// walk checks it): the lighter green and amber of casino chips did not.
export const CHIPS = [
  { value: 10, color: '#2563eb', label: '10' },
  { value: 25, color: '#15803d', label: '25' },
  { value: 100, color: '#111827', label: '100' },
  { value: 500, color: '#7c3aed', label: '500' },
  { value: 1000, color: '#b45309', label: '1K' },
] as const;

export interface ChipRackProps {
  /** Whether a chip of this value may be added to the selected spot now. */
  canAdd: (value: number) => boolean;
  onAdd: (value: number) => void;
  onClear: () => void;
  canClear: boolean;
  spotLabel: string | null;
  /** Why a chip may be off (the rules' step of bets, decision record 0045), shown under the chips. */
  note?: string | null;
}

/** Chips build the bet of the selected spot; each is a button named by its value. */
export function ChipRack({ canAdd, onAdd, onClear, canClear, spotLabel, note = null }: ChipRackProps) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 sm:gap-3" role="group" aria-label={spotLabel ? `Chips for ${spotLabel}` : 'Chips'} aria-describedby={note === null ? undefined : 'chip-step-note'}>
      {CHIPS.map((chip, i) => (
        <button
          key={chip.value}
          type="button"
          aria-label={formatCreditsFull(chip.value)}
          title={`Add ${formatCreditsFull(chip.value)} to the bet (key ${i + 1})`}
          disabled={!canAdd(chip.value)}
          onClick={() => onAdd(chip.value)}
          style={{ '--chip-color': chip.color } as CSSProperties}
          className="cc-chip flex h-12 w-12 items-center justify-center rounded-full text-sm font-extrabold text-white transition hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:translate-y-0 disabled:opacity-35 sm:h-14 sm:w-14"
        >
          <span className="flex h-8 w-8 items-center justify-center rounded-full border border-white/70 bg-[var(--chip-color)] text-xs sm:h-9 sm:w-9 sm:text-sm">{chip.label}</span>
        </button>
      ))}
      <button
        type="button"
        onClick={onClear}
        disabled={!canClear}
        className="rounded-full border border-slate-500 px-3 py-2 text-sm font-semibold text-slate-200 hover:bg-slate-800 disabled:opacity-40"
      >
        Clear bet
      </button>
      {note !== null && (
        <p id="chip-step-note" className="w-full text-center text-xs text-slate-400" data-testid="chip-step-note">
          {note}
        </p>
      )}
    </div>
  );
}
