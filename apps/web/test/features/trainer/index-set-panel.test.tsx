// The Charts page's index set panel (components/index-set-panel.tsx): the set's charts, a cell
// edited from the keyboard and turned off, the edited set saved under a name by one PUT and read
// again (the shared query invalidated), insurance edited, unsaved edits kept across a reload, and
// the panel while the set generates, for a guest and on an error.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULES, computeStrategy, type CountingOptions } from '@card-counter/engine';
import type { IndexSetBody, PlayerIndexSet } from '@card-counter/shared';
import { IndexSetPanel } from '@/features/trainer/components/index-set-panel.tsx';
import { newPlayerSet } from '@/features/trainer/model/player-sets.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const HI_LO: CountingOptions = { system: 'hi-lo', resolution: 'half', rounding: 'floor' };
const CHART = computeStrategy(DEFAULT_RULES).chart;
const twelveVsThree = { hand: '12', up: '3', play: 'stand', versus: 'hit', index: 2, direction: 'at-or-above' } as const;
const SET: IndexSetBody = { plays: [twelveVsThree, { hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' }], insurance: 3, source: 'generated', subsets: [] };

const panel = (signedIn: boolean) => renderScreen(<IndexSetPanel rules={DEFAULT_RULES} counting={HI_LO} strategy={CHART} signedIn={signedIn} />);
const cellOf = async (chart: string, name: string) => within(await screen.findByRole('table', { name: `Index set: ${chart}` })).getByRole('cell', { name: new RegExp(`^${name}:`) });

describe('the index set panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits 12 v 3 from the keyboard, saves the set under a name (one PUT), reads it back; a play turned off shows the basic play', async () => {
    let stored: PlayerIndexSet[] = [];
    const puts: PlayerIndexSet[][] = [];
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/indices') return json(SET);
      if (url.pathname === '/api/me/index-sets' && init?.method === 'PUT') {
        stored = (JSON.parse(String(init.body)) as { sets: PlayerIndexSet[] }).sets;
        puts.push(stored);
        return json({ sets: stored });
      }
      if (url.pathname === '/api/me/index-sets') return json({ sets: stored });
      return undefined;
    });
    panel(true);
    expect((await cellOf('Hard totals', '12 v 3')).getAttribute('aria-label')).toBe('12 v 3: Stand at a true count of +2 or above (else hit)');
    expect((await cellOf('Hard totals', '16 v 10')).textContent).toBe('Rh');
    expect((await cellOf('Surrender', '16 v 10')).textContent).toBe('H≤\u2009-4');

    within(await screen.findByRole('table', { name: 'Index set: Hard totals' })).getByRole('button', { name: /^Edit 12 v 3:/ }).focus();
    await userEvent.keyboard('{Enter}');
    const editor = screen.getByRole('dialog', { name: 'Edit 12 v 3' });
    const index = within(editor).getByRole('textbox', { name: 'Index' });
    await userEvent.clear(index);
    await userEvent.type(index, '5{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+5');

    await userEvent.click(screen.getByRole('button', { name: 'Save as new set' }));
    const name = screen.getByRole('textbox', { name: 'Set name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Twelves{Enter}');
    expect(await screen.findByRole('heading', { name: 'Index set: Hi-Lo, Twelves' })).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]?.[0]).toMatchObject({ name: 'Twelves', count: 'hi-lo', chosen: false, insurance: 3 });
    expect(puts[0]?.[0]?.plays).toContainEqual({ ...twelveVsThree, index: 5 });
    // Read again after the save: the table's coach and the simulator read the same query.
    expect(calls.filter((c) => c === 'GET /api/me/index-sets').length).toBeGreaterThanOrEqual(2);

    await userEvent.click(within(await screen.findByRole('table', { name: 'Index set: Hard totals' })).getByRole('button', { name: /^Edit 12 v 3:/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: /Play it/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    expect((await cellOf('Hard totals', '12 v 3')).getAttribute('aria-label')).toBe('12 v 3: Hit (basic strategy)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.[0]?.plays.some((p) => p.hand === '12' && p.up === '3')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Use at the table' }));
    await vi.waitFor(() => expect(puts[2]?.[0]?.chosen).toBe(true));
  });

  it("shows the player's chosen set first; a rename keeps the unsaved edits; delete sends the others", async () => {
    const other = newPlayerSet('Zen one', DEFAULT_RULES, { ...HI_LO, system: 'zen' }, SET);
    let stored: PlayerIndexSet[] = [{ ...newPlayerSet('Mine', DEFAULT_RULES, HI_LO, SET), chosen: true }, other];
    const puts: PlayerIndexSet[][] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/indices') return json(SET);
      if (url.pathname === '/api/me/index-sets' && init?.method === 'PUT') puts.push((stored = (JSON.parse(String(init.body)) as { sets: PlayerIndexSet[] }).sets));
      if (url.pathname === '/api/me/index-sets') return json({ sets: stored });
      return undefined;
    });
    panel(true);
    expect(await screen.findByRole('heading', { name: 'Index set: Hi-Lo, Mine (used at the table)' })).toBeTruthy();
    // Zen's set is another key's: not offered here.
    expect(screen.queryByRole('option', { name: /Zen one/ })).toBeNull();
    await userEvent.click(within(await screen.findByRole('table', { name: 'Index set: Hard totals' })).getByRole('button', { name: /^Edit 12 v 3:/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: /Play it/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const name = screen.getByRole('textbox', { name: 'Set name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed{Enter}');
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.map((s) => s.name)).toEqual(['Renamed', 'Zen one']);
    expect(puts[0]?.[0]?.plays.some((p) => p.hand === '12' && p.up === '3')).toBe(false);
    expect(puts[0]?.[0]?.chosen).toBe(true);
    // Delete asks first; "Keep it" changes nothing.
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete the set "Renamed"?' })).getByRole('button', { name: 'Keep it' }));
    expect(puts).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete the set "Renamed"?' })).getByRole('button', { name: 'Delete the set' }));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.map((s) => s.name)).toEqual(['Zen one']);
    expect(await screen.findByRole('heading', { name: 'Index set: Hi-Lo, Full set (generated)' })).toBeTruthy();
  });

  it('unsaved chart edits lost on reload: a reload restores them with a note; Discard edits and a save drop them', async () => {
    const puts: PlayerIndexSet[][] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/indices') return json(SET);
      if (url.pathname === '/api/me/index-sets' && init?.method === 'PUT') puts.push((JSON.parse(String(init.body)) as { sets: PlayerIndexSet[] }).sets);
      if (url.pathname === '/api/me/index-sets') return json({ sets: puts.at(-1) ?? [] });
      return undefined;
    });
    const editTwelve = async (index: string) => {
      await userEvent.click(within(await screen.findByRole('table', { name: 'Index set: Hard totals' })).getByRole('button', { name: /^Edit 12 v 3:/ }));
      const field = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Index' });
      await userEvent.clear(field);
      await userEvent.type(field, `${index}{Enter}`);
    };
    const reload = () => {
      cleanup();
      panel(true);
    };
    panel(true);
    await editTwelve('5');
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+5');
    expect(screen.queryByText(/^Unsaved changes restored/)).toBeNull();

    reload();
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+5');
    expect(screen.getByRole('status').textContent).toMatch(/^Unsaved changes restored/);
    // Another table's rules have their own drafts: this one is not shown there.
    cleanup();
    renderScreen(<IndexSetPanel rules={{ ...DEFAULT_RULES, dealerStandsSoft17: false }} counting={HI_LO} strategy={CHART} signedIn />);
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+2');
    expect(screen.queryByText(/^Unsaved changes restored/)).toBeNull();

    reload();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard edits' }));
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+2');
    expect(screen.queryByText(/^Unsaved changes restored/)).toBeNull();
    reload();
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+2');
    expect(screen.queryByRole('button', { name: 'Discard edits' })).toBeNull();

    // Saved under a name: the draft is gone, so a reload shows the sets as saved.
    await editTwelve('4');
    reload();
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+4');
    await userEvent.click(screen.getByRole('button', { name: 'Save as new set' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Set name' }), '{Enter}');
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.[0]?.plays).toContainEqual({ ...twelveVsThree, index: 4 });
    await screen.findByRole('heading', { name: /^Index set: Hi-Lo, My Hi-Lo set/ });
    reload();
    expect((await cellOf('Hard totals', '12 v 3')).textContent).toBe('S≥\u2009+2');
    expect(screen.queryByText(/^Unsaved changes restored/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard edits' })).toBeNull();
  });

  it("edits insurance's index, refuses one the contract does not take, and turns it off", async () => {
    stubFetch((url) => (url.pathname === '/api/indices' ? json(SET) : url.pathname === '/api/me/index-sets' ? json({ sets: [] }) : undefined));
    panel(true);
    const line = async () => screen.findByRole('button', { name: /^Edit insurance:/ });
    expect((await line()).textContent).toBe('insure at ≥ +3');
    await userEvent.click(await line());
    const index = within(screen.getByRole('dialog', { name: 'Edit insurance' })).getByRole('textbox', { name: 'Index' });
    await userEvent.clear(index);
    await userEvent.type(index, '2.3');
    expect(index.getAttribute('aria-invalid')).toBe('true');
    expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(index);
    await userEvent.type(index, '2{Enter}');
    expect((await line()).textContent).toBe('insure at ≥ +2');
    await userEvent.click(await line());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'Take insurance at or above the index' }));
    expect((within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Index' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    expect((await line()).textContent).toBe('never');
  });

  it('refuses an index the contract does not take, and keeps the editor open', async () => {
    stubFetch((url) => (url.pathname === '/api/indices' ? json(SET) : url.pathname === '/api/me/index-sets' ? json({ sets: [] }) : undefined));
    panel(true);
    await userEvent.click(within(await screen.findByRole('table', { name: 'Index set: Hard totals' })).getByRole('button', { name: /^Edit 12 v 3:/ }));
    const index = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Index' });
    await userEvent.clear(index);
    await userEvent.type(index, '2.3');
    expect(screen.getByRole('alert').textContent).toMatch(/whole or half number/);
    expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('while the set generates: its progress, polled until ready', async () => {
    let n = 0;
    stubFetch((url) => (url.pathname === '/api/indices' ? json(n++ === 0 ? { status: 'generating', progress: 0.42 } : SET, n === 1 ? 202 : 200) : url.pathname === '/api/me/index-sets' ? json({ sets: [] }) : undefined));
    panel(true);
    expect(await screen.findByText(/^Generating the Hi-Lo index set for your rules .*: 42%$/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Generating the index set' }).getAttribute('value')).toBe('42');
    expect(await screen.findByRole('table', { name: 'Index set: Hard totals' }, { timeout: 4000 })).toBeTruthy();
  });

  it('a guest: the sign-in message; an error: the message and Retry', async () => {
    const message = 'Sign in to generate the index set for this count and these rules: it takes minutes of CPU.';
    stubFetch((url) => (url.pathname === '/api/indices' ? json({ error: { code: 'NOT_AUTHENTICATED', message } }, 401) : undefined));
    panel(false);
    expect(await screen.findByText(new RegExp(`^${message}`))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as new set' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubFetch((url) => (url.pathname === '/api/indices' ? json({ error: { code: 'UNEXPECTED', message: 'An unexpected error occurred' } }, 500) : undefined));
    panel(false);
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeTruthy();
  });
});
