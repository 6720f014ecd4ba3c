import { PRACTICE_NOTES } from '@card-counter/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountdownResult } from '@/features/trainer/components/countdown-result.tsx';

// A server-dealt countdown that paid nothing says why beside the server's verdict (ADR 0044).

const done = { kind: 'done', expected: 3, answered: 3, elapsed_ms: 1_900 } as const;

describe("a countdown's result", () => {
  it("shows the server's practice reason", () => {
    render(<CountdownResult phase={{ ...done, judge: { by: 'server', target_ms: 45_000, practice: 'tooFast' } }} decksShown={50} onAgain={() => undefined} onSetup={() => undefined} />);
    expect(screen.getByTestId('countdown-practice').textContent).toBe(PRACTICE_NOTES.tooFast);
  });

  it('shows none for a paid one or a guest', () => {
    render(<CountdownResult phase={{ ...done, judge: { by: 'server', target_ms: 45_000 } }} decksShown={50} onAgain={() => undefined} onSetup={() => undefined} />);
    render(<CountdownResult phase={{ ...done, judge: { by: 'browser' } }} decksShown={50} onAgain={() => undefined} onSetup={() => undefined} />);
    expect(screen.queryByTestId('countdown-practice')).toBeNull();
  });
});
