// The card drawing moved to shared/ui so the trainer draws the same cards; re-exported here so
// the table's imports stay as they were.
export { PlayingCard, type PlayingCardProps } from '@/shared/ui/playing-card.tsx';
