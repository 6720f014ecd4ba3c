// Rule sets on which the continuous-shuffle simulation is compared with the exact analysis
// (test/sim-known-answers.test.ts at SE < 0.02%, bench/sim-long-check.ts at SE ~0.01%). They
// cover every rule the analyser and the simulator both model: decks, soft 17, DAS, surrender,
// payout, double restrictions, split limits, resplit and hit split aces, no-peek (both losses),
// early surrender, even money and the continuous-shuffler rule.
import type { Rules } from '../src/rules.ts';

export const CSM_RULE_SETS: readonly { name: string; rules: Partial<Rules> }[] = [
  { name: 'default (6D S17 DAS LS)', rules: {} },
  { name: 'H17', rules: { dealerStandsSoft17: false } },
  { name: '1 deck S17 no DAS', rules: { numDecks: 1, doubleAfterSplit: false } },
  { name: '8 decks no surrender', rules: { numDecks: 8, surrenderAllowed: false } },
  { name: '2 decks H17 6:5 double 9-11', rules: { numDecks: 2, dealerStandsSoft17: false, blackjackPays: 1.2, doubleDownRestriction: '9-11' } },
  { name: '6 decks no peek (ENHC) RSA hit split aces', rules: { dealerPeeks: false, resplitAces: true, hitSplitAces: true } },
  { name: '4 decks split once, double 10-11', rules: { numDecks: 4, maxSplits: 1, doubleDownRestriction: '10-11' } },
  { name: 'full early surrender, no late surrender, the continuous-shuffler rule', rules: { earlySurrender: 'all', surrenderAllowed: false, continuousShuffler: true } },
  { name: '8 decks no hole card, every stake lost, early surrender vs 10, 6:5 with even money', rules: { numDecks: 8, dealerPeeks: false, noHoleCardLosses: 'all', earlySurrender: 'vs10', blackjackPays: 1.2, insuranceAllowed: true } },
];
