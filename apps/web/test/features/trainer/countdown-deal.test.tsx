// The countdown of a signed-in player is the server's (ADR 0027): the screen counts down the
// server's cards, sends the answer to the server and shows its verdict and time, and never
// uploads that answer itself. A guest's countdown stays in the browser (no request at all).
import { DEFAULT_RULES, RANKS, SUITS, type Card } from '@card-counter/engine';
import type { DrillDeal, DrillDealVerdict } from '@card-counter/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COUNTING } from '@/shared/table-settings/table-settings.ts';
import { DrillAnswerStore, answersKey, readLocalAnswers } from '@/features/trainer/api/answer-store.ts';
import { CountdownDrill } from '@/features/trainer/components/countdown-drill.tsx';
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

/** One deck in suit-then-rank order, less its last two cards. */
const DEALT: Card[] = SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit }))).slice(0, 50);

const DEAL: DrillDeal = {
  dealId: '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  drill: 'runningCount',
  item: 'rc:1d:1c',
  decks: 1,
  perFlash: 1,
  system: 'hi-lo',
  cards: DEALT,
  dealtAt: '2026-04-01T10:00:00.000Z',
  expiresAt: '2026-04-01T11:00:00.000Z',
};

async function countDown(total: number) {
  for (let i = 0; i < total; i++) {
    await act(async () => {
      fireEvent.keyDown(window, { key: ' ' });
    });
  }
}

describe('the countdown drill', () => {
  it("signed in: counts the server's cards, answers to the server and shows its verdict and time", async () => {
    const verdict: DrillDealVerdict = {
      dealId: DEAL.dealId,
      item: 'rc:1d:1c',
      correct: false,
      expected: 2,
      answered: 7,
      time_ms: 52_300,
      target_ms: 45_000,
      answeredAt: '2026-04-01T10:00:52.300Z',
    };
    const sent: unknown[] = [];
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/me/drills/deals' && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ drill: 'runningCount', decks: 1, perFlash: 1, system: 'hi-lo' });
        return json(DEAL);
      }
      if (url.pathname === `/api/me/drills/deals/${DEAL.dealId}/answer` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(verdict);
      }
      return undefined;
    });
    const trainer = trainerFor('user-7', true);
    render(<CountdownDrill trainer={trainer} />);
    expect(screen.getByText(/Dealt, checked and timed by the server/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Start countdown/ }));
    const progress = await screen.findByText('1 / 50 cards');
    // The first card shown is the server's first card.
    expect(screen.getByRole('region', { name: 'Countdown' }).querySelector('[aria-label]')?.getAttribute('aria-label')).toMatch(/^Ace of spades/);
    expect(progress).toBeTruthy();
    await countDown(50);
    expect(screen.getByText(/2 cards were held back/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Running count' }), { target: { value: '7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Answer/ }));
    });
    // The server's verdict and time, whatever this browser would have counted.
    expect(await screen.findByText('The count was +2; you said +7')).toBeTruthy();
    expect(screen.getByText(/Checked and timed by the server, from the deal to your answer: 52.3 s/)).toBeTruthy();
    expect(screen.getByLabelText('Time').textContent).toBe('52.3 s');
    expect(sent).toEqual([{ runningCount: 7 }]);
    // The server stored the answer: it is kept here for the history, and never uploaded again.
    await trainer.store.flush();
    expect(calls).toEqual(['POST /api/me/drills/deals', `POST /api/me/drills/deals/${DEAL.dealId}/answer`]);
    expect(readLocalAnswers(answersKey('user-7'))).toMatchObject([{ item: 'rc:1d:1c', correct: false, time_ms: 52_300 }]);
  });

  it('signed in: a lost answer can be sent again; an expired deal offers a new countdown', async () => {
    let answers = 0;
    stubFetch((url, init) => {
      if (url.pathname === '/api/me/drills/deals' && init?.method === 'POST') return json(DEAL);
      if (url.pathname.endsWith('/answer')) {
        answers++;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return json({ error: { code: 'DRILL_DEAL_EXPIRED', message: 'This drill has expired. Start a new one.' } }, 410);
      }
      return undefined;
    });
    render(<CountdownDrill trainer={trainerFor('user-8', true)} />);
    fireEvent.click(screen.getByRole('button', { name: /Start countdown/ }));
    await screen.findByText('1 / 50 cards');
    await countDown(50);
    fireEvent.change(screen.getByRole('textbox', { name: 'Running count' }), { target: { value: '3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Answer/ }));
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your answer \+3 was not checked: Unable to connect/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/This drill has expired/);
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New countdown' })).toBeTruthy();
    expect(answers).toBe(2);
  });

  it("a guest's countdown is shuffled and graded in the browser, with no request", async () => {
    const { calls } = stubFetch(() => undefined);
    render(<CountdownDrill trainer={trainerFor('guest-3', false)} />);
    expect(screen.getByText(/Practice in this browser/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Start countdown/ }));
    const progress = await screen.findByText(/^1 \/ \d+ cards$/);
    const total = Number(progress.textContent?.split('/')[1]?.replace('cards', '').trim());
    await countDown(total);
    fireEvent.change(screen.getByRole('textbox', { name: 'Running count' }), { target: { value: '0' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Answer/ }));
    });
    expect(await screen.findByText(/per deck/)).toBeTruthy();
    expect(screen.queryByText(/timed by the server/)).toBeNull();
    expect(calls).toEqual([]);
  });
});
