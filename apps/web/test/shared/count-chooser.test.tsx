// The count chooser (table settings, simulator): a built-in count or one of the player's own,
// with its BC, PE and IC for the rules beside it, live as the tags change.
import { countQuality, getCountingSystem, parseRules, type CountBasis, type CountSpec } from '@card-counter/engine';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CountChooser } from '@/shared/counting/count-chooser.tsx';
import { loadCountBasis } from '@/shared/counting/count-quality.ts';

const RULES = parseRules({ numDecks: 1, doubleAfterSplit: false, surrenderAllowed: false });

function Chooser({ initial }: { initial: CountSpec }) {
  const [count, setCount] = useState<CountSpec | null>(initial);
  return (
    <>
      <CountChooser value={initial} onChange={setCount} rules={RULES} />
      <output data-testid="count">{JSON.stringify(count)}</output>
    </>
  );
}
const chosen = (): CountSpec | null => JSON.parse(screen.getByTestId('count').textContent ?? 'null') as CountSpec | null;
/** The three figures as shown: { BC: '0.97', ... }. */
function figures(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of screen.getAllByRole('term')) out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return out;
}

// No workers here: the screen reads a basis that is already built (the test builds it once).
let basis: CountBasis;
beforeAll(async () => {
  basis = await loadCountBasis(RULES);
}, 60_000);

describe('the count chooser', () => {
  it("shows the chosen count's BC, PE and IC for the rules (the engine's figures, two decimals)", () => {
    render(<Chooser initial={{ system: 'hi-lo' }} />);
    const q = countQuality(basis, getCountingSystem('hi-lo'));
    expect(figures()).toEqual({ BC: q.bc.toFixed(2), PE: q.pe.toFixed(2), IC: q.ic.toFixed(2) });
    expect(figures().BC).toBe('0.97');
    fireEvent.change(screen.getByLabelText('System'), { target: { value: 'omega-2' } });
    expect(chosen()).toEqual({ system: 'omega-2' });
    expect(figures().PE).toBe(countQuality(basis, getCountingSystem('omega-2')).pe.toFixed(2));
  }, 60_000);

  it("Custom starts from the chosen count's tags: Hi-Lo's give Hi-Lo's figures; live as a tag changes", () => {
    render(<Chooser initial={{ system: 'hi-lo' }} />);
    const hiLo = figures();
    fireEvent.change(screen.getByLabelText('System'), { target: { value: 'custom' } });
    expect(screen.getByLabelText('Tag of aces')).toHaveProperty('value', '-1');
    expect(screen.getByLabelText('Tag of ten-valued cards')).toHaveProperty('value', '-1');
    expect(chosen()).toEqual({ system: 'custom', custom: { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } } });
    expect(figures()).toEqual(hiLo);
    expect(screen.getByText(/Balanced: a whole deck counts to 0/)).toBeTruthy();

    // The 7 counted +1: KO's tags, unbalanced; its IRC, key and pivot come into view.
    fireEvent.change(screen.getByLabelText('Tag of 7s'), { target: { value: '1' } });
    expect(screen.getByText(/Unbalanced: a whole deck counts to \+4/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pivot'), { target: { value: '4' } });
    expect(chosen()).toEqual({ system: 'custom', custom: { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0, T: -1 }, irc: 0, key: 0, pivot: 4 } });
    expect(figures().BC).toBe(countQuality(basis, getCountingSystem('ko')).bc.toFixed(2));
    expect(screen.getByText(/With 1 deck the count starts at 0; at \+4 it means the same at any depth/)).toBeTruthy();
  }, 60_000);

  it('a tag that is not a whole or half number: the check says so, no count is chosen, no figures', () => {
    render(<Chooser initial={{ system: 'custom', custom: { tags: { A: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1, 8: 0, 9: 0, T: -2 } } }} />);
    expect(figures().IC).toBe('0.91'); // Hi-Opt II's tags
    fireEvent.change(screen.getByLabelText('Tag of 5s'), { target: { value: '0.3' } });
    expect(screen.getByRole('alert').textContent).toBe('The tag of 5 must be a whole or half number (got 0.3).');
    expect(chosen()).toBeNull();
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    expect(screen.getByText('BC, PE and IC once the tags make a count.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tag of 5s'), { target: { value: '1.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chosen()?.custom?.tags['5']).toBe(1.5);
    expect(within(screen.getByTitle(/What this count is worth/)).getAllByRole('definition')).toHaveLength(3);
  }, 60_000);
});
