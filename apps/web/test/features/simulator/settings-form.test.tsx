import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SimSettings } from '@card-counter/shared';
import { RampEditor } from '@/features/simulator/components/ramp-editor.tsx';
import { SettingsForm } from '@/features/simulator/components/settings-form.tsx';
import { defaultSettings, validateSettings } from '@/features/simulator/model/settings.ts';

function Form({ initial, onRun = () => undefined }: { initial?: Partial<SimSettings>; onRun?: () => void }) {
  const [s, setS] = useState<SimSettings>({ ...defaultSettings(), ...initial });
  return (
    <>
      <SettingsForm settings={s} onChange={setS} onRun={onRun} busy={false} threadsMax={2} />
      <output data-testid="state">{JSON.stringify(s)}</output>
    </>
  );
}
const state = (): SimSettings => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as SimSettings;
const runButton = () => screen.getByRole('button', { name: /Run simulation/ });

describe('simulator settings form', () => {
  it("defaults to the table's rules and runs on submit", () => {
    const onRun = vi.fn();
    render(<Form onRun={onRun} />);
    expect(state().rules).toMatchObject({ numDecks: 6, shufflePoint: 0.25, dealerStandsSoft17: true, blackjackPays: 1.5, surrenderAllowed: true });
    expect(screen.getByLabelText('Penetration')).toHaveProperty('value', '75');
    expect(validateSettings(state())).toEqual({});
    fireEvent.click(runButton());
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it("shows the engine's rule error at the field and refuses to run", () => {
    const onRun = vi.fn();
    render(<Form onRun={onRun} />);
    const pen = screen.getByLabelText('Penetration');
    fireEvent.change(pen, { target: { value: '5' } });
    // 5% dealt = shuffle point 0.95, beyond the engine's 0.9.
    expect(screen.getByRole('alert').textContent).toBe('Penetration must be a number from 10% to 100% of the shoe.');
    expect(pen.getAttribute('aria-invalid')).toBe('true');
    expect(runButton()).toHaveProperty('disabled', true);
    fireEvent.submit(runButton().closest('form') as HTMLFormElement);
    expect(onRun).not.toHaveBeenCalled();
    fireEvent.change(pen, { target: { value: '80' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state().rules.shufflePoint).toBe(0.2);
    expect(runButton()).toHaveProperty('disabled', false);
  });

  it('refuses the Hi-Lo indices with another count, and rounds, seed and workers out of range', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Counting system'), { target: { value: 'zen' } });
    expect(screen.getByText(/are Hi-Lo numbers/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Index plays'), { target: { value: 'none' } });
    expect(screen.queryByText(/are Hi-Lo numbers/)).toBeNull();
    expect(state().insurance).toBe('never');
    fireEvent.change(screen.getByLabelText('Rounds', { selector: 'input' }), { target: { value: '500' } });
    expect(screen.getByText('Rounds must be a whole number from 10,000 to 1,000,000,000.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '-1' } });
    expect(screen.getByText('Seed must be a whole number from 0 to 4,294,967,295.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Workers'), { target: { value: '0' } });
    expect(screen.getByText(/^Workers must be a whole number from 1 to 16/)).toBeTruthy();
    expect(runButton()).toHaveProperty('disabled', true);
  });

  it("bug 39.8: messages say the form's words, never a rule's key, and spots and workers are bounded", () => {
    render(<Form />);
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    fireEvent.change(screen.getByLabelText('Penetration'), { target: { value: '' } });
    expect(alerts()).toEqual(['Penetration must be a number from 10% to 100% of the shoe: the field is empty.']);
    fireEvent.change(screen.getByLabelText('Penetration'), { target: { value: '75' } });
    fireEvent.change(screen.getByLabelText('Spots played'), { target: { value: '0' } });
    expect(alerts()).toEqual(['Spots played must be between 1 and 7 (you entered 0).']);
    fireEvent.change(screen.getByLabelText('Spots played'), { target: { value: '' } });
    expect(alerts()).toEqual(['Spots played must be a number (the field is empty).']);
    fireEvent.change(screen.getByLabelText('Spots played'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Workers'), { target: { value: '64' } });
    expect(alerts()).toEqual(["Workers must be a whole number from 1 to 16 (more than this device's cores only share them)."]);
    for (const a of alerts()) expect(a).not.toMatch(/shufflePoint|numInitialHands|otherPlayers|got null/);
    expect(runButton()).toHaveProperty('disabled', true);
  });

  it('every rule key of the game is a control', () => {
    render(<Form />);
    for (const label of ['Decks', 'Penetration', 'Dealer soft 17', 'Blackjack pays', 'Double on', 'Splits allowed', 'Spots played', 'Dealer peeks', 'Double after split', 'Late surrender', 'Insurance offered', 'Resplit aces', 'Hit split aces', 'Continuous shuffler']) {
      expect(screen.getByLabelText(label), label).toBeTruthy();
    }
    fireEvent.click(screen.getByLabelText('Hit split aces'));
    fireEvent.change(screen.getByLabelText('Dealer soft 17'), { target: { value: 'h17' } });
    fireEvent.change(screen.getByLabelText('Blackjack pays'), { target: { value: '1.2' } });
    expect(state().rules).toMatchObject({ hitSplitAces: true, dealerStandsSoft17: false, blackjackPays: 1.2 });
  });
});

function Ramp({ initial }: { initial: Record<string, number> }) {
  const [spread, setSpread] = useState(initial);
  const error = validateSettings({ ...defaultSettings(), spread }).spread;
  return (
    <>
      <RampEditor spread={spread} onChange={setSpread} error={error} />
      <output data-testid="ramp">{JSON.stringify(spread)}</output>
    </>
  );
}
const ramp = () => JSON.parse(screen.getByTestId('ramp').textContent ?? '{}') as Record<string, number>;

describe('ramp editor', () => {
  it('applies presets and marks the one in use', () => {
    render(<Ramp initial={{ '-inf': 1 }} />);
    const presets = screen.getByRole('group', { name: 'Ramp presets' });
    expect(within(presets).getByRole('button', { name: 'Flat' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(presets).getByRole('button', { name: '1-12' }));
    expect(ramp()).toEqual({ '-inf': 1, '1': 2, '2': 4, '3': 8, '4': 12 });
    expect(within(presets).getByRole('button', { name: '1-12' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(presets).getByRole('button', { name: 'Flat' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('edits units, adds, moves and removes steps', () => {
    render(<Ramp initial={{ '-inf': 1, '1': 2, '2': 4 }} />);
    fireEvent.change(screen.getByLabelText('Units at true count 2'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add step at TC +3' }));
    expect(ramp()).toEqual({ '-inf': 1, '1': 2, '2': 6, '3': 7 });
    fireEvent.change(screen.getByLabelText('True count of step 3'), { target: { value: '5' } });
    expect(ramp()).toEqual({ '-inf': 1, '1': 2, '2': 6, '5': 7 });
    // Moving a step onto another's count is ignored (two bets for one count).
    fireEvent.change(screen.getByLabelText('True count of step 5'), { target: { value: '1' } });
    expect(ramp()).toEqual({ '-inf': 1, '1': 2, '2': 6, '5': 7 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove step at true count 1' }));
    expect(ramp()).toEqual({ '-inf': 1, '2': 6, '5': 7 });
    expect(screen.queryByRole('button', { name: /Remove step at true count -inf/ })).toBeNull();
  });

  it('says what is wrong with a bet of zero or an empty bet', () => {
    render(<Ramp initial={{ '-inf': 1, '2': 4 }} />);
    fireEvent.change(screen.getByLabelText('Units at true count 2'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('The bet at true count 2 must be a positive number of units.');
    fireEvent.change(screen.getByLabelText('Units at true count 2'), { target: { value: '4' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Units below the first step'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('The bet at the lowest counts must be a positive number of units.');
  });
});
