// Moved to shared/ui with the card drawing; re-exported here so the table's imports stay as they were.
export { SUIT_SYMBOLS, cardName, valueLabel } from '@/shared/ui/card-names.ts';
