// A playing card: its face ("KH" → K♥), or its back while face down (a squeeze lifts the
// back off as `progress` grows). It is dealt in with a short slide; `delayMs` staggers
// the cards of one deal.
import { parseCard } from '../lib/table/cards';

export function PlayingCard({
  card,
  progress = 1,
  delayMs = 0,
}: {
  card: string | null;
  progress?: number;
  delayMs?: number;
}) {
  const face = card ? parseCard(card) : null;
  const delay = delayMs > 0 ? { animationDelay: `${delayMs}ms` } : {};
  if (!face) {
    return (
      <span
        className="playing-card back"
        data-card=""
        style={{ ['--lift' as string]: `${Math.round(progress * 100)}%`, ...delay }}
        aria-label="?"
      />
    );
  }
  return (
    <span
      className={`playing-card ${face.red ? 'red' : 'black'}`}
      data-card={card}
      aria-label={`${face.rank}${face.symbol}`}
      style={delay}
    >
      <span className="rank">{face.rank}</span>
      <span className="suit">{face.symbol}</span>
    </span>
  );
}
