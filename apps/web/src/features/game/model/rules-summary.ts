import type { Rules } from '@card-counter/engine';

// The rules in counters' shorthand, e.g. '6D S17 DAS LS 3:2, 75% pen' ('ES10' / 'ES' early
// surrender, 'ENHC-all' a no-hole-card blackjack taking every stake, 'CSM' a continuous shuffler).

function payout(pays: number): string {
  if (pays === 1.5) return '3:2';
  if (pays === 1.2) return '6:5';
  if (pays === 1) return '1:1';
  if (pays === 2) return '2:1';
  return `${pays}:1`;
}

export function rulesSummary(r: Rules): string {
  const parts = [r.numDecks === 1 ? '1D' : `${r.numDecks}D`, r.dealerStandsSoft17 ? 'S17' : 'H17'];
  if (!r.dealerPeeks) parts.push(r.noHoleCardLosses === 'all' ? 'ENHC-all' : 'ENHC');
  parts.push(r.doubleAfterSplit ? 'DAS' : 'NDAS');
  if (r.doubleDownRestriction !== 'any') parts.push(r.doubleDownRestriction === '9-11' ? 'D9' : 'D10');
  if (r.surrenderAllowed && r.earlySurrender !== 'all') parts.push('LS');
  if (r.earlySurrender === 'vs10') parts.push('ES10');
  if (r.earlySurrender === 'all') parts.push('ES');
  // Splitting to four hands is the norm and goes unsaid; fewer is worth a mention.
  if (r.maxSplits < 3) parts.push(r.maxSplits === 0 ? 'NS' : `SP${r.maxSplits + 1}`);
  if (r.resplitAces) parts.push('RSA');
  if (r.hitSplitAces) parts.push('HSA');
  if (r.insuranceAllowed) parts.push('Ins');
  parts.push(payout(r.blackjackPays));
  return `${parts.join(' ')}, ${r.continuousShuffler ? 'CSM' : `${Math.round((1 - r.shufflePoint) * 100)}% pen`}`;
}
