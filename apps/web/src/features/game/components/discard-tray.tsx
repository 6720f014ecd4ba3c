export interface DiscardTrayProps {
  discarded: number;
  totalCards: number;
}

function decks(cards: number): string {
  const d = Math.round((cards / 52) * 2) / 2;
  return `${d} ${d === 1 ? 'deck' : 'decks'}`;
}

/** A side view of the discard tray: how counters estimate decks played at a glance. */
export function DiscardTray({ discarded, totalCards }: DiscardTrayProps) {
  const fraction = totalCards > 0 ? Math.min(1, discarded / totalCards) : 0;
  const height = Math.round(fraction * 84);
  const label = `Discard tray: about ${decks(discarded)} of ${decks(totalCards)} played`;
  return (
    <figure className="flex items-center gap-3">
      <svg role="img" aria-label={label} viewBox="0 0 60 100" className="h-20 w-12 flex-none">
        <rect x="4" y="4" width="52" height="92" rx="4" fill="#0f172a" stroke="#64748b" strokeWidth="2" />
        {Array.from({ length: Math.max(0, Math.floor(height / 3)) }, (_, i) => (
          <rect key={i} x="8" y={92 - (i + 1) * 3} width="44" height="2.4" rx="0.8" fill={i % 2 ? '#e2e8f0' : '#cbd5e1'} />
        ))}
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} x1="56" x2="60" y1={92 - f * 84} y2={92 - f * 84} stroke="#94a3b8" strokeWidth="1.5" />
        ))}
      </svg>
      <figcaption className="text-sm text-slate-300">
        <span className="block font-semibold text-slate-100">{decks(discarded)} played</span>
        of {decks(totalCards)}
      </figcaption>
    </figure>
  );
}
