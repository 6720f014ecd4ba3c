import { useId, type CSSProperties } from 'react';
import type { Card } from '@card-counter/engine';
import { SUIT_SYMBOLS, cardName } from './card-names.ts';

// One hand-drawn SVG card, shared by the table and the trainer (no card package is good enough, see the stack notes). The viewBox
// is fixed; CSS sizes it, so it stays sharp and readable on a phone.

export interface PlayingCardProps {
  /** null: the dealer's face-down hole card. */
  card: Card | null;
  /** Milliseconds before the card lands (the deal's order at the table's speed). */
  delay_ms?: number;
  duration_ms?: number;
}

const RED = '#c62828';
const BLACK = '#1c1f24';

export function PlayingCard({ card, delay_ms = 0, duration_ms = 300 }: PlayingCardProps) {
  const style = { animationDelay: `${delay_ms}ms`, animationDuration: `${duration_ms}ms` } as CSSProperties;
  const patternId = useId();
  if (!card) {
    return (
      <svg role="img" aria-label="Face-down card" viewBox="0 0 100 140" className="cc-card cc-deal" style={style}>
        <rect x="1" y="1" width="98" height="138" rx="9" fill="#f8fafc" stroke="#94a3b8" strokeWidth="2" />
        <rect x="7" y="7" width="86" height="126" rx="6" fill="#1e3a8a" />
        <pattern id={patternId} width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="10" height="10" fill="#1e3a8a" />
          <rect width="5" height="10" fill="#2747a8" />
        </pattern>
        <rect x="12" y="12" width="76" height="116" rx="4" fill={`url(#${patternId})`} stroke="#93c5fd" strokeWidth="1.5" />
      </svg>
    );
  }
  const color = card.suit === 'hearts' || card.suit === 'diamonds' ? RED : BLACK;
  const symbol = SUIT_SYMBOLS[card.suit];
  const face = card.rank === 'J' || card.rank === 'Q' || card.rank === 'K';
  return (
    <svg role="img" aria-label={cardName(card)} viewBox="0 0 100 140" className="cc-card cc-deal" style={style}>
      <rect x="1" y="1" width="98" height="138" rx="9" fill="#fdfdfb" stroke="#cbd5e1" strokeWidth="2" />
      <g fill={color} fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700">
        <text x="9" y="30" fontSize={card.rank === '10' ? 24 : 28} letterSpacing={card.rank === '10' ? -2 : 0}>
          {card.rank}
        </text>
        <text x="10" y="53" fontSize="22">
          {symbol}
        </text>
        <g transform="rotate(180 50 70)">
          <text x="9" y="30" fontSize={card.rank === '10' ? 24 : 28} letterSpacing={card.rank === '10' ? -2 : 0}>
            {card.rank}
          </text>
          <text x="10" y="53" fontSize="22">
            {symbol}
          </text>
        </g>
        {face ? (
          <>
            <rect x="28" y="32" width="44" height="76" rx="4" fill="none" stroke={color} strokeWidth="2" />
            <text x="50" y="84" fontSize="40" textAnchor="middle">
              {card.rank}
            </text>
          </>
        ) : (
          <text x="52" y="88" fontSize={card.rank === 'A' ? 54 : 44} textAnchor="middle">
            {symbol}
          </text>
        )}
      </g>
    </svg>
  );
}
