// The form says which full index set a run plays (issue 37) and clears it; a count it was not
// made for drops it.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SimSettings } from '@card-counter/shared';
import { SettingsForm } from '@/features/simulator/components/settings-form.tsx';
import { defaultSettings } from '@/features/simulator/model/settings.ts';

const SET: NonNullable<SimSettings['indexSet']> = {
  label: 'Zen, your set "Mine"',
  plays: [{ hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' }],
  insurance: 3,
};

function Form({ initial }: { initial: Partial<SimSettings> }) {
  const [s, setS] = useState<SimSettings>({ ...defaultSettings(), ...initial });
  return (
    <>
      <SettingsForm settings={s} onChange={setS} onRun={() => undefined} busy={false} threadsMax={2} />
      <output data-testid="state">{JSON.stringify(s)}</output>
    </>
  );
}
const state = (): SimSettings => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as SimSettings;

describe('the index set line', () => {
  it('names the set played and its plays, and clears it back to the named plays', () => {
    render(<Form initial={{ count: 'zen', indices: 'none', indexSet: SET }} />);
    expect(screen.getByTestId('sim-index-set').textContent).toBe('Index set: Zen, your set "Mine", 1 play');
    // Zen with a set runs: the named plays' Hi-Lo check does not apply.
    expect(screen.getByRole('button', { name: /Run simulation/ })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear index set' }));
    expect(state().indexSet).toBeUndefined();
    expect(screen.getByTestId('sim-index-set').textContent).toBe('Index set: none (basic strategy)');
    expect(screen.queryByRole('button', { name: 'Clear index set' })).toBeNull();
  });

  it('shows the named plays when no set is held, and drops a set when the true-count convention changes', () => {
    render(<Form initial={{ indexSet: SET }} />);
    fireEvent.change(screen.getByLabelText('True count rounding'), { target: { value: 'truncate' } });
    expect(state().indexSet).toBeUndefined();
    expect(screen.getByTestId('sim-index-set').textContent).toBe('Index set: none (Illustrious 18 + Fab 4)');
  });
});
