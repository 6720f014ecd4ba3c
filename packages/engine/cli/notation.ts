// The one line every report starts with: the rules (and settings) in the shorthand counters
// use, e.g. "6D S17 DAS LS 3:2, 75% pen".
import { DEFAULT_RULES, TAG_KEYS, countingSystemOf, tagsOfSystem, type CountSpec, type Rules } from '../src/index.ts';

/** A payout as a ratio of small integers ("3:2", "6:5", "1:1"), else the decimal ("1.37:1"). */
export function payoutRatio(pays: number): string {
  for (let q = 1; q <= 10; q++) {
    const p = pays * q;
    if (Math.abs(p - Math.round(p)) < 1e-9) return `${Math.round(p)}:${q}`;
  }
  return `${pays}:1`;
}

/**
 * The table rules in counters' shorthand: decks, S17/H17, doubling (D9 / D10 when restricted
 * to 9-11 / 10-11), DAS or NDAS, LS (late surrender), ES10 / ES (early surrender against a ten,
 * against every upcard), splits (SP<hands> when not the usual four hands), RSA / HSA (resplit /
 * hit split aces), ENHC (no hole card; ENHC-all when a blackjack takes every stake), the
 * blackjack payout, EM (even money offered: insurance is) and the number of spots when more than
 * one. The continuous shuffler is said with the penetration (rulesAndPenetration).
 */
export function rulesNotation(rules: Rules): string {
  const parts = [`${rules.numDecks}D`, rules.dealerStandsSoft17 ? 'S17' : 'H17'];
  if (rules.doubleDownRestriction === '9-11') parts.push('D9');
  if (rules.doubleDownRestriction === '10-11') parts.push('D10');
  if (rules.maxSplits > 0) parts.push(rules.doubleAfterSplit ? 'DAS' : 'NDAS');
  if (rules.surrenderAllowed && rules.earlySurrender !== 'all') parts.push('LS');
  if (rules.earlySurrender === 'vs10') parts.push('ES10');
  if (rules.earlySurrender === 'all') parts.push('ES');
  if (rules.maxSplits === 0) parts.push('no splits');
  else if (rules.maxSplits !== DEFAULT_RULES.maxSplits) parts.push(`SP${rules.maxSplits + 1}`);
  if (rules.resplitAces && rules.maxSplits > 1) parts.push('RSA');
  if (rules.hitSplitAces && rules.maxSplits > 0) parts.push('HSA');
  if (!rules.dealerPeeks) parts.push(rules.noHoleCardLosses === 'all' ? 'ENHC-all' : 'ENHC');
  parts.push(payoutRatio(rules.blackjackPays));
  if (rules.insuranceAllowed) parts.push('EM');
  if (rules.numInitialHands > 1) parts.push(`${rules.numInitialHands} spots`);
  return parts.join(' ');
}

/** Rules and how deep the shoe is dealt: "6D S17 DAS LS 3:2, 75% pen" (or ", CSM"). */
export function rulesAndPenetration(rules: Rules, csm = false): string {
  const pen = csm || rules.continuousShuffler ? 'CSM' : `${Number(((1 - rules.shufflePoint) * 100).toFixed(1))}% pen`;
  return `${rulesNotation(rules)}, ${pen}`;
}

/** "Hi-Lo", "KO", ... */
export function countLabel(spec: CountSpec): string {
  const sys = countingSystemOf(spec);
  if (spec.system !== 'custom') return sys.name;
  const tags = tagsOfSystem(sys);
  const c = spec.custom;
  const signed = (t: number): string => (t > 0 ? `+${t}` : String(t));
  const rc = c?.irc === undefined ? '' : `, IRC ${signed(c.irc)} (one deck), key ${signed(c.key ?? 0)}, pivot ${signed(c.pivot ?? 0)}`;
  return `custom count (${TAG_KEYS.map((k) => `${k} ${signed(tags[k])}`).join(' ')}${rc})`;
}

/** A bet ramp as counters write it: "flat" or "spread 1-8". */
export function spreadLabel(spread: Readonly<Record<string, number>> | undefined): string {
  const units = spread ? Object.values(spread) : [];
  if (units.length === 0) return 'flat bet';
  const lo = Math.min(...units);
  const hi = Math.max(...units);
  return lo === hi ? `flat ${lo}` : `spread ${lo}-${hi}`;
}
