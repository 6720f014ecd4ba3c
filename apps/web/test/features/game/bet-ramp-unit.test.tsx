import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BET_RAMP_PRESETS, DEFAULT_RULES } from '@card-counter/engine';
import { BetRampSettings } from '@/features/game/components/bet-ramp-settings.tsx';

// The ramp's unit (decision record 0030: 10 to 5,000 whole credits, the table's bet limits).

const RAMP = { unit_credits: 25, steps: BET_RAMP_PRESETS['1-12'].map((s) => ({ ...s })) };

describe('the bet ramp unit', () => {
  it('bug 39.8: a unit out of bounds (-25, 99,999,999,999) is said at once, shown in no step and never applied', () => {
    const set = vi.fn();
    render(<BetRampSettings control={{ ramp: RAMP, showRampBet: false, set, busy: false }} server={false} rules={DEFAULT_RULES} />);
    const field = screen.getByLabelText('One unit (credits)');
    const steps = screen.getByRole('table', { name: 'Bet ramp steps' });
    for (const typed of ['-25', '99999999999']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(screen.getByTestId('ramp-unit-problem').textContent).toContain('A unit is 10 to 5,000 credits');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(steps.textContent).not.toMatch(/-300|e\+|1199999999988/);
      fireEvent.blur(field);
      expect(set).not.toHaveBeenCalled();
      // The field keeps what was typed (it does not silently go back) while the message stands.
      expect((field as HTMLInputElement).value).toBe(typed);
    }
    fireEvent.change(field, { target: { value: '50' } });
    expect(screen.queryByTestId('ramp-unit-problem')).toBeNull();
    expect(within(steps).getByText('600')).toBeTruthy();
    fireEvent.blur(field);
    expect(set).toHaveBeenCalledWith({ betRamp: { ...RAMP, unit_credits: 50 } });
  });
});
