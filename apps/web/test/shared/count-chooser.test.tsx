// The count chooser (table settings, simulator): a built-in count or one of the player's own,
// with its BC, PE and IC for the rules beside it, live as the tags change.
import { getCountingSystem, parseRules, type CountQuality, type CountSpec, type CountingSystemId } from '@card-counter/engine';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountChooser } from '@/shared/counting/count-chooser.tsx';
import { figuresAnswerer, type FiguresRequest } from '@/shared/counting/count-figures.ts';

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
/** The three figures as shown, once they arrive: { BC: '0.97', ... }. */
async function figures(): Promise<Record<string, string>> {
  const terms = await screen.findAllByRole('term', {}, { timeout: 30_000 });
  const out: Record<string, string> = {};
  for (const term of terms) out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return out;
}

// jsdom has no workers: this one runs the worker's own answerer on the main thread, a tick later.
const answer = figuresAnswerer();
class FakeWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  postMessage(request: FiguresRequest): void {
    setTimeout(() => this.onmessage?.({ data: answer(request) }), 0);
  }
}
// The rules as the screen asks them (its key leaves out what does not change the figures).
const ASKED = { ...RULES, gameSpeed: 1, numInitialHands: 1, otherPlayers: 0, otherPlayersErrorPct: 0, insuranceAllowed: false };
/** The engine's figures for a built-in count, from the same answerer (its basis built once, here). */
const expected = (id: CountingSystemId): CountQuality => answer({ id: 0, rules: ASKED, system: getCountingSystem(id) }).quality;
beforeAll(() => {
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  expected('hi-lo');
}, 60_000);
afterAll(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

describe('the count chooser', () => {
  it("shows the chosen count's BC, PE and IC for the rules (the engine's figures, two decimals)", async () => {
    render(<Chooser initial={{ system: 'hi-lo' }} />);
    const q = expected('hi-lo');
    expect(await figures()).toEqual({ BC: q.bc.toFixed(2), PE: q.pe.toFixed(2), IC: q.ic.toFixed(2) });
    expect((await figures()).BC).toBe('0.97');
    fireEvent.change(screen.getByLabelText('System'), { target: { value: 'omega-2' } });
    expect(chosen()).toEqual({ system: 'omega-2' });
    const omega = expected('omega-2').pe.toFixed(2);
    await screen.findByText(omega);
    expect((await figures()).PE).toBe(omega);
  }, 60_000);

  it("Custom starts from the chosen count's tags: Hi-Lo's give Hi-Lo's figures; live as a tag changes", async () => {
    render(<Chooser initial={{ system: 'hi-lo' }} />);
    const hiLo = await figures();
    fireEvent.change(screen.getByLabelText('System'), { target: { value: 'custom' } });
    expect(screen.getByLabelText('Tag of aces')).toHaveProperty('value', '-1');
    expect(screen.getByLabelText('Tag of ten-valued cards')).toHaveProperty('value', '-1');
    expect(chosen()).toEqual({ system: 'custom', custom: { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } } });
    expect(await figures()).toEqual(hiLo);
    expect(screen.getByText(/Balanced: a whole deck counts to 0/)).toBeTruthy();

    // The 7 counted +1: KO's tags, unbalanced; its IRC, key and pivot come into view.
    fireEvent.change(screen.getByLabelText('Tag of 7s'), { target: { value: '1' } });
    expect(screen.getByText(/Unbalanced: a whole deck counts to \+4/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pivot'), { target: { value: '4' } });
    expect(chosen()).toEqual({ system: 'custom', custom: { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0, T: -1 }, irc: 0, key: 0, pivot: 4 } });
    const ko = expected('ko').bc.toFixed(2);
    await screen.findByText(ko);
    expect((await figures()).BC).toBe(ko);
    expect(screen.getByText(/With 1 deck the count starts at 0; at \+4 it means the same at any depth/)).toBeTruthy();
  }, 60_000);

  it('a tag that is not a whole or half number: the check says so, no count is chosen, no figures', async () => {
    render(<Chooser initial={{ system: 'custom', custom: { tags: { A: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 1, 8: 0, 9: 0, T: -2 } } }} />);
    expect((await figures()).IC).toBe('0.91'); // Hi-Opt II's tags
    fireEvent.change(screen.getByLabelText('Tag of 5s'), { target: { value: '0.3' } });
    expect(screen.getByRole('alert').textContent).toBe('The tag of 5 must be a whole or half number (got 0.3).');
    expect(chosen()).toBeNull();
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    expect(screen.getByText('BC, PE and IC once the tags make a count.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tag of 5s'), { target: { value: '1.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chosen()?.custom?.tags['5']).toBe(1.5);
    await figures();
    expect(within(screen.getByTitle(/What this count is worth/)).getAllByRole('definition')).toHaveLength(3);
  }, 60_000);

  it('bug (issue 38 review): a count set from outside, as "Use my table" sets it, is shown; the one it sent back changes nothing', async () => {
    const ZEN_LIKE = { tags: { A: -1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 1, 8: 0, 9: 0, T: -2 } } as const;
    function Outside() {
      const [count, setCount] = useState<CountSpec>({ system: 'hi-lo' });
      return (
        <>
          <CountChooser value={count} onChange={(c) => setCount(c ?? { system: 'custom' })} rules={RULES} />
          <button type="button" onClick={() => setCount({ system: 'zen' })}>Zen from outside</button>
          <button type="button" onClick={() => setCount({ system: 'custom', custom: ZEN_LIKE })}>Custom from outside</button>
        </>
      );
    }
    render(<Outside />);
    const select = screen.getByLabelText('System') as HTMLSelectElement;
    fireEvent.click(screen.getByRole('button', { name: 'Zen from outside' }));
    expect(select.value).toBe('zen');
    fireEvent.click(screen.getByRole('button', { name: 'Custom from outside' }));
    expect(select.value).toBe('custom');
    expect(screen.getByLabelText('Tag of 4s')).toHaveProperty('value', '2');
    expect(screen.getByLabelText('Tag of ten-valued cards')).toHaveProperty('value', '-2');
    // Typing: a tag cleared is no count yet (sent as null, the parent keeps 'custom' without tags):
    // the box stays empty, not refilled from the last count.
    fireEvent.change(screen.getByLabelText('Tag of 4s'), { target: { value: '' } });
    expect(screen.getByLabelText('Tag of 4s')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('Tag of 4s'), { target: { value: '1.5' } });
    expect(screen.getByLabelText('Tag of 4s')).toHaveProperty('value', '1.5');
    expect(select.value).toBe('custom');
    await figures();
  }, 60_000);
});
