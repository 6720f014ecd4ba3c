import { decksWord, type DeckEstimate } from '../model/deck-estimate.ts';

export interface DiscardTrayProps {
  /** Cards in the tray (the picture's height). */
  discarded: number;
  totalCards: number;
  /** The shoe's one estimate, as the count panel gives it. */
  decks: DeckEstimate;
}

/** A side view of the discard tray: how counters estimate decks played at a glance. */
export function DiscardTray({ discarded, totalCards, decks }: DiscardTrayProps) {
  const fraction = totalCards > 0 ? Math.min(1, discarded / totalCards) : 0;
  const height = Math.round(fraction * 84);
  const played = decksWord(decks.played, decks.resolution);
  const label = `Discard tray: about ${played} of ${decksWord(decks.total, 'exact')} played`;
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
        <span className="block font-semibold text-slate-100" data-testid="decks-played">
          {played} played
        </span>
        of {decksWord(decks.total, 'exact')}
      </figcaption>
    </figure>
  );
}
