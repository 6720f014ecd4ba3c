// Issue 39, bug 2: an over-bet at a positive count was listed as a mistake with a negative cost
// ("--1.13 credits"). The bet panel grades with the engine's gradeBet and says what the grade
// means (decision record 0058): off the ramp by its risk, with no expectation given away.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BET_RAMP_PRESETS, DEFAULT_RULES, getCountingSystem, gradeBet, parseRules, type AdvantageBasis, type BetFacts } from '@card-counter/engine';
import { BetGradePanel } from '@/features/game/components/bet-grade-panel.tsx';
import type { BetGrades } from '@/features/game/hooks/use-bet-grades.ts';

const HI_LO = getCountingSystem('hi-lo');
/** Six decks, edge -0.5%, 0.5% a Hi-Lo true count (the engine's bet-grade test's hand-made basis). */
const BASIS: AdvantageBasis = { numDecks: 6, edge: -0.005, eor: [0, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((v) => 0.005 * (HI_LO.tags[v] ?? 0))] };

function facts(over: Partial<BetFacts>): BetFacts {
  return { kind: 'bet', rules: parseRules({ ...DEFAULT_RULES }), system: 'hi-lo', ramp: { unit_credits: 25, steps: BET_RAMP_PRESETS['1-8'] }, bet_credits: 200, trueCount: 0, runningCount: 0, cardsRemaining: 312, ...over };
}

function renderPanel(f: BetFacts) {
  const grades: BetGrades = { last: { facts: f, grade: gradeBet(f, BASIS) }, totals: { bets: 1, right: 0, over: 0, under: 0, cost_credits: 0 }, patterns: {} };
  render(<BetGradePanel grades={grades} />);
  return { verdict: screen.getByTestId('bet-grade'), cost: screen.getByTestId('bet-cost').textContent ?? '' };
}

describe('the bet panel says what an off-ramp bet costs', () => {
  it('bug 39.2: 16 units at true count +4 on a 1-8 ramp is an over-bet that gives no expectation away', () => {
    const { verdict, cost } = renderPanel(facts({ bet_credits: 400, trueCount: 4, runningCount: 16, cardsRemaining: 208 }));
    expect(verdict.getAttribute('data-verdict')).toBe('over');
    expect(verdict.textContent).toContain('Over-bet by');
    expect(cost).toContain('No expectation given away: more at risk than your ramp plans');
    expect(cost).toContain('(advantage 1.50%)');
    expect(cost).not.toMatch(/Cost|-\d/);
  });

  it('bug 39.1: under the ramp at a negative count is less risk, not a mistake with a negative cost', () => {
    const ramp = { unit_credits: 25, steps: [{ tc: -5, units: 2 }, { tc: 1, units: 2 }] };
    const { verdict, cost } = renderPanel(facts({ bet_credits: 10, ramp, trueCount: -2, runningCount: -12, cardsRemaining: 312 }));
    expect(verdict.getAttribute('data-verdict')).toBe('under');
    expect(cost).toContain('No expectation given away: less at risk than your ramp plans');
    expect(cost).toContain('(advantage -1.50%)');
    expect(cost.replace('(advantage -1.50%)', '')).not.toMatch(/Cost|-\d/);
  });

  it('an over-bet at a disadvantage does cost: 7 units over at true count 0 gives 0.88 away', () => {
    const { verdict, cost } = renderPanel(facts({}));
    expect(verdict.getAttribute('data-verdict')).toBe('over');
    expect(cost).toContain('Cost 0.88 expected credits');
    expect(cost).not.toContain('No expectation given away');
  });
});
