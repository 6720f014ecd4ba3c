// A discard tray seen from the side: the played cards as a stack of card edges, in a tray that
// holds the whole shoe. No marks on it, as at a real table: the player reads the height.

const CARD_EDGE_PX = 0.9;
const CARDS_PER_DECK = 52;

export function DiscardTray({ numDecks, cardsPlayed }: { numDecks: number; cardsPlayed: number }) {
  const capacity = numDecks * CARDS_PER_DECK;
  const innerHeight = Math.max(60, capacity * CARD_EDGE_PX);
  const height = innerHeight + 24;
  const stack = Math.min(innerHeight, cardsPlayed * CARD_EDGE_PX);
  const top = 12 + innerHeight - stack;
  const lines: number[] = [];
  for (let y = top + 3; y < 12 + innerHeight && lines.length < 200; y += 3) lines.push(y);
  return (
    <svg
      role="img"
      aria-label={`Discard tray of a ${numDecks}-deck shoe holding the played cards`}
      viewBox={`0 0 140 ${height}`}
      className="h-auto max-h-[16rem] w-28 sm:w-32"
    >
      <defs>
        <linearGradient id="tr-tray" x1="0" x2="1">
          <stop offset="0" stopColor="#1f2937" />
          <stop offset="0.5" stopColor="#374151" />
          <stop offset="1" stopColor="#111827" />
        </linearGradient>
      </defs>
      <rect x="14" y="8" width="112" height={innerHeight + 8} rx="6" fill="url(#tr-tray)" stroke="#4b5563" strokeWidth="2" />
      {stack > 0 ? (
        <g>
          <rect x="22" y={top} width="96" height={stack} fill="#f8fafc" />
          {lines.map((y) => (
            <line key={y} x1="22" x2="118" y1={y} y2={y} stroke="#cbd5e1" strokeWidth="0.6" />
          ))}
          <rect x="22" y={top} width="96" height="3" fill="#1e3a8a" />
        </g>
      ) : null}
      <rect x="10" y={innerHeight + 14} width="120" height="8" rx="3" fill="#0f172a" stroke="#4b5563" />
    </svg>
  );
}
