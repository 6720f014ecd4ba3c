import type { ReactNode } from 'react';
import type { Card } from '@card-counter/engine';
import { PlayingCard } from '@/shared/ui/playing-card.tsx';

/** The drill's green table surface. */
export function Felt({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      className="tr-felt relative flex min-h-[16rem] flex-col items-center justify-center gap-4 rounded-2xl px-4 py-6 ring-1 ring-emerald-950"
    >
      {children}
    </section>
  );
}

/** A row of cards; `dealKey` replays the deal animation when the cards change. */
export function CardRow({ cards, label, dealKey }: { cards: readonly Card[]; label: string; dealKey: string }) {
  return (
    <div className="flex flex-col items-center gap-1">
      <span className="text-xs font-medium uppercase tracking-widest text-emerald-200/80">{label}</span>
      <div className="tr-cards flex" key={dealKey}>
        {cards.map((card, i) => (
          <PlayingCard key={i} card={card} delay_ms={i * 60} duration_ms={180} />
        ))}
      </div>
    </div>
  );
}
