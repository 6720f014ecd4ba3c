// Issue 39's drill screens (ADR 0062, 0063): each asks the server for its deal (the item the
// scheduler picked), shows what it dealt, sends the answer in the shape of its drill and shows
// the server's verdict; a guest is told they need an account and no request is made.
import { DEFAULT_RULES, type Card } from '@card-counter/engine';
import type { BetSizingDeal, BetVerdict, FlashDeal, PairsDeal, SpeedVerdict } from '@card-counter/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COUNTING } from '@/shared/table-settings/table-settings.ts';
import { DrillAnswerStore } from '@/features/trainer/api/answer-store.ts';
import { BetDrill } from '@/features/trainer/components/bet-drill.tsx';
import { PairsDrill } from '@/features/trainer/components/pairs-drill.tsx';
import { SpeedDrill } from '@/features/trainer/components/speed-drill.tsx';
import type { Trainer } from '@/features/trainer/hooks/use-trainer.ts';
import { json, stubFetch } from '../../support/fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function trainerFor(owner: string, signedIn: boolean): Trainer {
  return {
    owner,
    isGuest: !signedIn,
    settings: { rules: { ...DEFAULT_RULES }, counting: { ...DEFAULT_COUNTING }, indexPlays: false },
    store: new DrillAnswerStore(owner, signedIn),
    player: { userId: owner, isGuest: !signedIn },
  };
}

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);
const DEAL_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const times = { dealtAt: '2026-04-01T10:00:00.000Z', expiresAt: '2026-04-01T11:00:00.000Z' };
const c = (rank: Card['rank'], suit: Card['suit'] = 'spades'): Card => ({ rank, suit });

/** Answers the deal (checking its body) and the answer (recording its body). */
function server(deal: (body: Record<string, unknown>) => unknown, verdict: unknown) {
  const sent: { deals: Record<string, unknown>[]; answers: unknown[] } = { deals: [], answers: [] };
  const stub = stubFetch((url, init) => {
    if (url.pathname === '/api/me/drills/deals' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.deals.push(body);
      const d = deal(body);
      return d instanceof Response ? d : json(d);
    }
    if (url.pathname === `/api/me/drills/deals/${DEAL_ID}/answer` && init?.method === 'POST') {
      sent.answers.push(JSON.parse(String(init.body)));
      return json(verdict);
    }
    return undefined;
  });
  return { ...stub, sent };
}

describe("issue 39's drills", () => {
  it('a guest is told the drills need an account, and nothing is asked of the server', () => {
    const { calls } = stubFetch(() => undefined);
    inRouter(<SpeedDrill kind="flash" trainer={trainerFor('guest-1', false)} />);
    expect(screen.getByText(/is dealt, graded and timed by the server, so it needs an account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("a flash: the scheduler's size is dealt, the cards go after their exposure, the count is the server's to grade", async () => {
    const cards = [c('5'), c('K', 'hearts'), c('2')];
    let deal: FlashDeal | null = null;
    const verdict: SpeedVerdict = { dealId: DEAL_ID, drill: 'flash', item: 'fl:3c', correct: true, expected: 1, answered: 1, cards: 3, target_ms: 2597, time_ms: 1830, answeredAt: times.dealtAt };
    const { sent } = server((body) => {
      deal = { dealId: DEAL_ID, drill: 'flash', item: `fl:${String(body.cards)}c`, system: 'hi-lo', cards: cards.slice(0, 3), ...times };
      return deal;
    }, verdict);
    inRouter(<SpeedDrill kind="flash" trainer={trainerFor('user-1', true)} />);
    fireEvent.click(screen.getByRole('button', { name: '0.5 s' }));
    fireEvent.click(screen.getByRole('button', { name: /Start flash/ }));
    const felt = await screen.findByRole('region', { name: 'Flash' });
    expect(sent.deals[0]).toMatchObject({ drill: 'flash', system: 'hi-lo' });
    expect(sent.deals[0]!.cards).toBeGreaterThanOrEqual(2);
    expect(sent.deals[0]!.cards).toBeLessThanOrEqual(6);
    expect(felt.querySelectorAll('svg[role="img"]')).toHaveLength(3);
    // Half a second later the cards are off the felt; the answer field stays.
    expect(await screen.findByText('The cards are gone. What was the count?', undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Count of the flash'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Count of the flash').closest('form')!);
    });
    expect(await screen.findByText('Right: +1')).toBeTruthy();
    expect(sent.answers).toEqual([{ runningCount: 1 }]);
    expect(screen.getByText(/1\.8 s from the deal to your answer: 610 ms a card · within the casino pace/)).toBeTruthy();
    // After the verdict the cards are back, to check the count against.
    expect(screen.getByRole('region', { name: 'Flash' }).querySelectorAll('svg[role="img"]')).toHaveLength(3);
  });

  it('pairs: number keys mark pairs, Enter sends them; the verdict says which cancel', async () => {
    const pairs: PairsDeal['pairs'] = [
      [c('5'), c('K')],
      [c('7'), c('9')],
      [c('2'), c('A')],
      [c('3'), c('4')],
      [c('10'), c('J')],
      [c('6'), c('Q')],
    ];
    const verdict: SpeedVerdict = { dealId: DEAL_ID, drill: 'pairs', item: 'pr:6p', correct: false, expected: 4, answered: 2, cards: 12, target_ms: 10_385, time_ms: 5200, answeredAt: times.dealtAt, cancelling: [0, 1, 2, 5], marked: [0, 2] };
    const { sent } = server(() => ({ dealId: DEAL_ID, drill: 'pairs', item: 'pr:6p', system: 'hi-lo', pairs, ...times }), verdict);
    inRouter(<PairsDrill trainer={trainerFor('user-2', true)} />);
    fireEvent.click(screen.getByRole('button', { name: /Start pairs/ }));
    await screen.findByRole('region', { name: 'Pairs' });
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: '3' });
    fireEvent.keyDown(window, { key: '4' });
    fireEvent.keyDown(window, { key: '4' });
    expect(screen.getByRole('button', { name: 'Pair 1: 5♠ and K♠' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pair 4: 3♠ and 4♠' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter' });
    });
    expect(await screen.findByText('4 of 6 pairs cancel: 2 missed, 0 marked that do not')).toBeTruthy();
    expect(sent.answers).toEqual([{ cancelling: [0, 2] }]);
    expect(screen.getByRole('button', { name: 'Pair 2: 7♠ and 9♠, cancels' })).toBeTruthy();
  });

  const betDeal = (standard: 'ramp' | 'kelly'): BetSizingDeal => ({
    dealId: DEAL_ID,
    drill: 'betSizing',
    item: `bs:${standard}:+3`,
    standard,
    system: 'hi-lo',
    count: 3,
    runningCount: 9,
    decksRemaining: 2.9,
    bankroll_credits: 12_000,
    ramp: standard === 'ramp' ? { unit_credits: 20, steps: [{ tc: 1, units: 1 }, { tc: 3, units: 4 }] } : null,
    edgeOffTop: -0.0042,
    edgePerTrueCount: 0.0051,
    variance: 1.3,
    minBet_credits: 10,
    maxBet_credits: 5000,
    ...times,
  });

  it('bet sizing by the ramp: no ramp at the table is said plainly; with one, the verdict names the standard', async () => {
    let ramp = false;
    const verdict: BetVerdict = {
      dealId: DEAL_ID,
      drill: 'betSizing',
      item: 'bs:ramp:+3',
      standard: 'ramp',
      correct: false,
      verdict: 'under',
      bet_credits: 40,
      standardBet_credits: 80,
      advantage: 0.0111,
      cost_credits: 0.44,
      kelly_credits: 102.46,
      time_ms: 4000,
      answeredAt: times.dealtAt,
      practice: 'answerOnScreen',
    };
    const { sent } = server(
      () => (ramp ? betDeal('ramp') : json({ error: { code: 'DRILL_NO_RAMP', message: 'Set a bet ramp in the table settings to drill it, or drill the Kelly bet.' } }, 409)),
      verdict,
    );
    inRouter(<BetDrill trainer={trainerFor('user-3', true)} />);
    fireEvent.click(screen.getByRole('button', { name: /Start bet sizing/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Set a bet ramp in the table settings');
    ramp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your ramp: a unit of 20 credits/)).toBeTruthy();
    expect(sent.deals.at(-1)).toMatchObject({ drill: 'betSizing', standard: 'ramp' });
    fireEvent.change(screen.getByLabelText(/Your bet/), { target: { value: '40' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText(/Your bet/).closest('form')!);
    });
    expect(await screen.findByText('Under: you bet 40, your ramp bets 80')).toBeTruthy();
    expect(sent.answers).toEqual([{ bet_credits: 40 }]);
    expect(screen.getByTestId('bet-standard').textContent).toBe(
      "Graded against your ramp (the table's bet grade): 4 units of 20 at +3. At your advantage here (+1.11%) it gives away 0.44 credits of expected value.",
    );
    expect(screen.getByTestId('drill-practice').textContent).toContain('bet sizing earns no rewards');
  });

  it('bet sizing by Kelly: the game\'s edge is given with the question, the verdict shows the arithmetic', async () => {
    const verdict: BetVerdict = {
      dealId: DEAL_ID,
      drill: 'betSizing',
      item: 'bs:kelly:+3',
      standard: 'kelly',
      correct: true,
      verdict: 'right',
      bet_credits: 100,
      standardBet_credits: 102.46,
      advantage: 0.0111,
      cost_credits: 0,
      kelly_credits: 102.46,
      time_ms: 4000,
      answeredAt: times.dealtAt,
      practice: 'answerOnScreen',
    };
    server(() => betDeal('kelly'), verdict);
    inRouter(<BetDrill trainer={trainerFor('user-4', true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kelly bet' }));
    fireEvent.click(screen.getByRole('button', { name: /Start bet sizing/ }));
    expect(await screen.findByText(/Your game: -0.42% off the top, \+0.51% a true count; variance 1.3/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Your bet/), { target: { value: '100' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText(/Your bet/).closest('form')!);
    });
    expect((await screen.findByTestId('bet-standard')).textContent).toBe(
      'Graded against the Kelly bet. Kelly: 12,000 × +1.11% ÷ 1.3 = 102.46. Growth given up: 0 credits a round (certainty equivalent); right within 25%.',
    );
  });
});
