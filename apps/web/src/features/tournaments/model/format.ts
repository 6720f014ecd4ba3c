import type { TournamentSummary } from '@card-counter/shared';

export const whole = (n: number): string => n.toLocaleString('en-US');

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "6 decks, H17, DAS, LS, 75% dealt": the counters' shorthand of a tournament's table. */
export function rulesLine(t: Pick<TournamentSummary, 'rules'>): string {
  const r = t.rules;
  const parts = [`${r.numDecks} deck${r.numDecks === 1 ? '' : 's'}`, r.dealerStandsSoft17 ? 'S17' : 'H17'];
  if (r.doubleAfterSplit) parts.push('DAS');
  if (r.surrenderAllowed) parts.push('LS');
  parts.push(r.blackjackPays === 1.5 ? '3:2' : r.blackjackPays === 1.2 ? '6:5' : `BJ pays ${r.blackjackPays}`);
  parts.push(`${Math.round((1 - r.shufflePoint) * 100)}% dealt`);
  return parts.join(', ');
}

export function roundsLine(t: Pick<TournamentSummary, 'rounds'>): string {
  return t.rounds === 'shoe' ? 'one shoe, to the cut card' : `${whole(t.rounds)} round${t.rounds === 1 ? '' : 's'}`;
}

export const STATUS_LABEL: Record<TournamentSummary['status'], string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Called off',
};
