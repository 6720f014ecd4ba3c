import { PRACTICE_NOTES } from '@card-counter/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountCheck } from '@/features/game/components/count-check.tsx';
import type { CountCheckState, CountVerdict } from '@/features/game/hooks/use-count-check.ts';

// A server check that paid nothing says why beside its verdict (ADR 0044); one that counted says nothing more.

function stateWith(lastAnswer: CountVerdict): CountCheckState {
  return { asking: false, asked: 'runningCount', answering: false, score: { asked: 1, correct: 1 }, lastAnswer, answer: () => undefined, dismiss: () => undefined };
}

describe("a count check's verdict", () => {
  it('says a check asked with the count on screen was practice', () => {
    render(<CountCheck check={stateWith({ id: 'check-1', answered: -2, expected: -2, correct: true, practice: 'countShown' })} />);
    expect(screen.getByText('Correct: the running count is -2.')).toBeTruthy();
    expect(screen.getByTestId('count-check-practice').textContent).toBe(PRACTICE_NOTES.countShown);
  });

  it('adds no note to a check that counted', () => {
    render(<CountCheck check={stateWith({ id: 'check-1', answered: -2, expected: -2, correct: true })} />);
    expect(screen.getByText('Correct: the running count is -2.')).toBeTruthy();
    expect(screen.queryByTestId('count-check-practice')).toBeNull();
  });
});
