import { CREDIT_PACKS, type CreditPack } from '@card-counter/shared';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { formatPrice, pricePerThousand } from '../model/price.ts';

export interface PackPickerProps {
  selected: CreditPack['id'] | undefined;
  onSelect: (id: CreditPack['id']) => void;
  disabled?: boolean;
}

/** The four packs as one radio group: credits, price, savings and the popular badge. */
export function PackPicker({ selected, onSelect, disabled = false }: PackPickerProps) {
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-300 uppercase">
        Choose a pack
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {CREDIT_PACKS.map((pack) => {
          const isSelected = pack.id === selected;
          return (
            <label
              key={pack.id}
              data-testid={`pack-${pack.id}`}
              className={`relative flex cursor-pointer flex-col rounded-xl border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-300 ${
                isSelected
                  ? 'border-emerald-400 bg-emerald-400/10 shadow-lg shadow-emerald-900/40'
                  : 'border-slate-700 bg-slate-800/60 hover:border-slate-500'
              }`}
            >
              <input
                type="radio"
                name="credit-pack"
                value={pack.id}
                checked={isSelected}
                onChange={() => onSelect(pack.id)}
                className="sr-only"
                aria-label={`${formatCreditsFull(pack.credits)} credits for ${formatPrice(pack.price)}${pack.popular ? ', most popular' : ''}${pack.savings ? `, save ${pack.savings}%` : ''}`}
              />
              {pack.popular ? (
                <span className="absolute -top-2.5 right-3 rounded-full bg-amber-400 px-2 py-0.5 text-[11px] font-bold tracking-wide text-slate-950 uppercase">
                  Most popular
                </span>
              ) : null}
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-mono text-xl font-bold text-amber-300">
                  {formatCreditsFull(pack.credits)}
                </span>
                <span className="text-lg font-semibold text-white">{formatPrice(pack.price)}</span>
              </span>
              <span className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-400">
                <span className="min-w-0">credits · {pricePerThousand(pack)}/1K</span>
                {pack.savings ? (
                  <span className="shrink-0 rounded bg-emerald-500/20 px-1.5 py-0.5 font-semibold whitespace-nowrap text-emerald-300">
                    Save {pack.savings}%
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
