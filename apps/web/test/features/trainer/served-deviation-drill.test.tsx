// The served deviations drill (ADR 0053): it asks the server for a deal with the table's count,
// rules and convention, shows which set is drilled, sends the play chosen (a key works) and
// shows the server's verdict with the index and its worth. And the words, from the numbers.
import { DEFAULT_RULES, type Card } from '@card-counter/engine';
import type { DeviationDeal, DeviationVerdict } from '@card-counter/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COUNTING } from '@/shared/table-settings/table-settings.ts';
import { DrillAnswerStore } from '@/features/trainer/api/answer-store.ts';
import { ServedDeviationDrill } from '@/features/trainer/components/served-deviation-drill.tsx';
import type { Trainer } from '@/features/trainer/hooks/use-trainer.ts';
import { indexLine, setLine, worthLine } from '@/features/trainer/model/deviation-worth.ts';
import { itemLabel } from '@/features/trainer/model/labels.ts';
import { json, stubFetch } from '../../support/fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEAL_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const c = (rank: Card['rank'], suit: Card['suit'] = 'spades'): Card => ({ rank, suit });
const ENTRY = { hand: 'A8', up: '6', play: 'double', versus: 'stand', index: 1, direction: 'at-or-above' } as const;
const DEAL: DeviationDeal = {
  dealId: DEAL_ID,
  drill: 'deviations',
  item: 'dev:A8v6:double+',
  set: { countName: 'Zen Count', source: 'yours', name: 'Mine', plays: 62, fallback: null },
  hand: [c('A'), c('8', 'hearts')],
  upcard: c('6', 'clubs'),
  count: 2,
  countName: 'true count',
  choices: ['hit', 'stand', 'double'],
  dealtAt: '2026-04-01T10:00:00.000Z',
  expiresAt: '2026-04-01T11:00:00.000Z',
};
const VERDICT: DeviationVerdict = {
  dealId: DEAL_ID,
  item: DEAL.item,
  correct: true,
  answer: 'double',
  answered: 'double',
  entry: ENTRY,
  insurance: null,
  decidedBy: null,
  worth_per_round: 8e-5,
  time_ms: 1200,
  answeredAt: '2026-04-01T10:00:01.200Z',
};

describe('served deviations drill', () => {
  it('deals with the table count and rules, names the set, and shows the verdict with the index and its worth', async () => {
    const sent: { deals: Record<string, unknown>[]; answers: unknown[] } = { deals: [], answers: [] };
    stubFetch((url, init) => {
      if (url.pathname === '/api/me/drills/deviations' && init?.method === 'POST') {
        sent.deals.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return json(DEAL);
      }
      if (url.pathname === `/api/me/drills/deviations/${DEAL_ID}/answer` && init?.method === 'POST') {
        sent.answers.push(JSON.parse(String(init.body)));
        return json(VERDICT);
      }
      return undefined;
    });
    const trainer: Trainer = {
      owner: 'p1',
      isGuest: false,
      settings: { rules: { ...DEFAULT_RULES }, counting: { ...DEFAULT_COUNTING, system: 'zen' }, indexPlays: false },
      store: new DrillAnswerStore('p1', true),
      player: { userId: 'p1', isGuest: false },
    };
    render(<ServedDeviationDrill trainer={trainer} />);
    expect(await screen.findByText(/Zen Count, your set 'Mine', 62 plays/)).toBeTruthy();
    expect(sent.deals[0]).toMatchObject({ count: 'zen', resolution: DEFAULT_COUNTING.resolution, rounding: DEFAULT_COUNTING.rounding, rules: { numDecks: DEFAULT_RULES.numDecks } });
    expect(screen.getByLabelText('true count +2')).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(window, { key: 'd' });
    });
    expect(sent.answers).toEqual([{ answer: 'double' }]);
    expect(await screen.findByText(/Right: Double is the play/)).toBeTruthy();
    expect(screen.getByTestId('deviation-index').textContent).toBe('A8 v 6: double at +1 or more, else stand; worth 0.80% of a unit per 100 rounds.');
  });
});

describe('the words', () => {
  it('names the set drilled', () => {
    expect(setLine({ countName: 'Zen Count', source: 'fleet', name: null, plays: 92, fallback: null })).toBe('Zen Count, full set, 92 plays');
    expect(setLine({ countName: 'Hi-Lo', source: 'published', name: 'Illustrious 18 + Fab 4', plays: 22, fallback: 'x' })).toBe('Hi-Lo, Illustrious 18 + Fab 4, 22 plays');
  });
  it('says a worth per 100 rounds as a share of a unit: worth x 100 rounds x 100 %', () => {
    expect(worthLine(1.19e-4)).toBe('worth 1.2% of a unit per 100 rounds');
    expect(worthLine(2e-3)).toBe('worth 20% of a unit per 100 rounds');
    expect(worthLine(-3e-5)).toBe('costs 0.30% of a unit per 100 rounds: this index loses where it is made');
    expect(worthLine(1e-9)).toMatch(/almost nothing/);
  });
  it("names the server's items in the progress view", () => {
    expect(itemLabel('dev:16v10:stand+')).toBe('16 v 10, stand at or above its index');
    expect(itemLabel('dev:A8vA:double-')).toBe('A8 v A, double at or below its index');
    expect(itemLabel('dev:insurance')).toBe('Insurance');
  });
  it('reads an index both ways, and insurance', () => {
    expect(indexLine({ entry: { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' }, insurance: null })).toBe('16 v 10: stand at +0 or more, else hit');
    expect(indexLine({ entry: { hand: '13', up: '2', play: 'hit', versus: 'stand', index: -2, direction: 'at-or-below' }, insurance: null })).toBe('13 v 2: hit at -2 or less, else stand');
    expect(indexLine({ entry: null, insurance: 3 })).toBe('Insurance at +3 or more');
  });
});
