import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, insuranceChoiceCost, insuranceEv } from '@card-counter/engine';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import { renderTable } from '../../support/render-table.tsx';

// 10♥ 2♣ (hard 12) against a 6 up: basic strategy stands. The next card, 10♠, busts a hit.
const TWELVE_V_SIX = ['10h', '6s', '2c', '9d', '10s'];

async function dealOneHundred(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '100' }));
  await user.click(screen.getByRole('button', { name: 'Deal' }));
}

describe('the coach panel', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    // The chart and the coach's chunk first: a decision taken before they arrive gets no verdict.
    await Promise.all([loadBasicStrategy({ ...DEFAULT_RULES }), coachEngineLoaded()]);
  });

  it('marks a basic-strategy play as matching, at no cost', async () => {
    const user = userEvent.setup();
    renderTable(TWELVE_V_SIX);
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    const verdict = await screen.findByTestId('coach-verdict');
    expect(verdict.textContent).toContain('Stand on 10,2 v 6: matches basic strategy.');
    expect(verdict.textContent).toContain("Nothing given away: the coach's play.");
    expect(screen.getByTestId('coach-accuracy').textContent).toContain('100%');
    expect(screen.getByTestId('coach-edge').textContent).toBe('0.00');
  });

  it('bug 39.3: a play that matches the chart adds nothing to the edge given away, even where an exact play is worth a little more', async () => {
    const user = userEvent.setup();
    // 10,2 v 4: basic strategy stands; for these very cards (six decks, fresh) hitting is worth
    // 0.08% of the bet more, so the old sidebar added 0.08 credits the shoe report never counts.
    renderTable(['10h', '4s', '2c', '9d', '10s']);
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    const verdict = await screen.findByTestId('coach-verdict');
    expect(verdict.textContent).toContain('Stand on 10,2 v 4: matches basic strategy.');
    expect(screen.getByTestId('coach-cost').textContent).toContain("Nothing given away: the coach's play.");
    expect(screen.getByTestId('coach-cost').textContent).toContain('worth 0.08 credits more');
    expect(screen.getByTestId('coach-edge').textContent).toBe('0.00');
    // The one definition, on screen.
    expect(screen.getByTestId('coach-edge-means').textContent).toContain('the plays the coach would change');
  });

  it('names the right play and what the wrong one cost, and lists the EV of every action', async () => {
    const user = userEvent.setup();
    const { record } = renderTable(TWELVE_V_SIX);
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    const verdict = await screen.findByTestId('coach-verdict');
    expect(verdict.textContent).toContain('Hit on 10,2 v 6: basic strategy says Stand.');
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    for (const action of ['Stand', 'Hit', 'Double', 'Surrender']) expect(rows.some((r) => r.startsWith(action))).toBe(true);
    expect(rows.some((r) => r.startsWith('Split'))).toBe(false);
    const cost = Number(/Cost of this choice: ([\d.]+) credits/.exec(verdict.textContent ?? '')?.[1]);
    // Hitting 12 against a 6 gives away a few percent of the bet (not nothing, not the bet).
    expect(cost).toBeGreaterThan(0.5);
    expect(cost).toBeLessThan(20);
    expect(screen.getByTestId('coach-accuracy').textContent).toContain('0%');
    expect(screen.getByTestId('coach-edge').textContent).toBe(cost.toFixed(2));
    const [entry] = await record.recent(1);
    expect(entry).toMatchObject({ kind: 'decision', hand: [10, 2], upcard: 6, chosen: 'hit', best: 'stand', evCost: cost });
  });

  it("clears the last round's verdict and EV table at the next deal (a warning never sits above an old table)", async () => {
    const user = userEvent.setup();
    // Round 1: 12 v 6, stand (the dealer draws 2♠ to 17). Round 2: 10♣ 7♦ v 9 (the shoe's next cards), a new decision.
    renderTable([...TWELVE_V_SIX.slice(0, 4), '2s', '10c', '9h', '7d', '5s']);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Coach mode'), 'Warn before a wrong move');
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    expect((await screen.findByTestId('coach-verdict')).textContent).toContain('Stand on 10,2 v 6');
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    expect(screen.getByTestId('game-status').textContent).toContain('17');
    expect(screen.queryByTestId('coach-verdict')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    expect(screen.getByRole('alertdialog', { name: 'Coach warning' }).textContent).toContain('The coach says Stand. Hit anyway?');
    expect(screen.queryByTestId('coach-verdict')).toBeNull();
    expect(screen.getByTestId('coach-accuracy').textContent).toContain('(1 of 1)');
  });

  it('in warn mode holds a wrong move until the player confirms it', async () => {
    const user = userEvent.setup();
    renderTable(TWELVE_V_SIX);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Coach mode'), 'Warn before a wrong move');
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await dealOneHundred(user);

    await user.click(screen.getByRole('button', { name: 'Hit' }));
    const warning = screen.getByRole('alertdialog', { name: 'Coach warning' });
    expect(warning.textContent).toContain('The coach says Stand. Hit anyway?');
    await user.click(screen.getByRole('button', { name: 'Take it back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('game-status').textContent).toContain('12. Hit or stand?');

    await user.click(screen.getByRole('button', { name: 'Hit' }));
    await user.click(screen.getByRole('button', { name: 'Hit anyway' }));
    expect(screen.getByTestId('game-status').textContent).toContain('Bust');
  });

  it('with index plays on, names the index for the hand and the play at this true count', async () => {
    const user = userEvent.setup();
    // 10♥ 2♣ against a 3: the Illustrious 18 stands at true count +2 and up; here it is 0.
    renderTable(['10h', '3s', '2c', '9d', '10s']);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.click(screen.getByRole('checkbox', { name: /^Index plays Hi-Lo Illustrious 18 \+ Fab 4/ }));
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    const verdict = await screen.findByTestId('coach-verdict');
    expect(verdict.textContent).toContain('Hit on 10,2 v 3: matches basic strategy.');
    expect(verdict.textContent).toContain('Index play: Stand 12 v 3 at TC ≥ +2. At true count 0: Hit.');
  });

  it('offers insurance under an ace when the rules allow it, and judges the answer', async () => {
    const user = userEvent.setup();
    // 10♥ 9♣ against an ace (hole 7♦: no dealer blackjack).
    const { record } = renderTable(['10h', 'As', '9c', '7d', '10s']);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.click(screen.getByRole('checkbox', { name: 'Insurance offered' }));
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    await dealOneHundred(user);
    expect(screen.getByTestId('game-status').textContent).toContain('Dealer shows an ace. Insurance?');
    expect(screen.queryByRole('button', { name: 'Hit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'No insurance' }));
    expect((await screen.findByTestId('coach-insurance')).textContent).toBe('Insurance declined: right, basic strategy never takes insurance.');
    expect(screen.getByTestId('game-status').textContent).toContain('19. Hit or stand?');
    const [entry] = await record.recent(1);
    expect(entry).toMatchObject({ kind: 'decision', upcard: 1, chosen: 'noInsurance', best: 'noInsurance', evCost: 0, bet: 100 });
    expect(entry?.entryId).toMatch(/^[0-9a-f-]{36}$/);
    // Seen: 10, 9 and the ace; unseen 309 cards of which 95 tens: EV = 3 x 95/309 - 1.
    expect(screen.getByTestId('coach-insurance-ev').textContent).toBe('Insurance EV from the cards seen: -7.8% of the 50.00-credit insurance bet.');
  });

  it('measures insurance by the tens left: 3 x P(ten) - 1 per unit insured, and the cost of each choice', () => {
    const comp = new Int32Array(11);
    comp[10] = 4;
    comp[5] = 8; // 4 tens in 12 cards: P = 1/3, a fair bet
    expect(insuranceEv(comp)).toBeCloseTo(0, 12);
    comp[10] = 6; // 6 in 14: 18/14 - 1
    expect(insuranceEv(comp)).toBeCloseTo(4 / 14, 12);
    expect(insuranceChoiceCost(4 / 14, 50, false)).toBe(14.29);
    expect(insuranceChoiceCost(4 / 14, 50, true)).toBe(0);
    expect(insuranceChoiceCost(-0.0777, 50, true)).toBe(3.89);
    expect(insuranceEv(new Int32Array(11))).toBe(-1);
  });

  it('stays silent when switched off', async () => {
    const user = userEvent.setup();
    renderTable(TWELVE_V_SIX);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Coach mode'), 'Off');
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    expect(screen.queryByTestId('coach-verdict')).toBeNull();
    expect(screen.getByText('The coach is off. Switch it on in the table settings.')).toBeTruthy();
  });
});

describe('early surrender and even money at the table (decision record 0050)', { timeout: 30_000 }, () => {
  async function applyRules(user: ReturnType<typeof userEvent.setup>, choose: () => Promise<void>) {
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' });
    await choose();
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
  }

  it('asks early surrender before the dealer checks, judges the answer, and pays half against the blackjack', async () => {
    const user = userEvent.setup();
    await loadBasicStrategy({ ...DEFAULT_RULES, earlySurrender: 'vs10', surrenderAllowed: false });
    // 10♥ 6♣ against K♠, the hole card an ace: a dealer blackjack.
    const { record, balances } = renderTable(['10h', 'Ks', '6c', 'Ad', '10s']);
    await applyRules(user, async () => {
      await user.selectOptions(screen.getByLabelText('Early surrender'), 'Against a ten');
      await user.click(screen.getByRole('checkbox', { name: 'Late surrender' }));
    });
    await dealOneHundred(user);
    const offer = await screen.findByRole('group', { name: 'Early surrender' }); // a chunk of its own (rule-notes.tsx)
    expect(offer.textContent).toContain('before the dealer checks for blackjack');
    expect(screen.queryByRole('button', { name: 'Hit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Surrender early' }));
    expect((await screen.findByTestId('coach-verdict')).textContent).toContain('Early surrender of 10,6 v 10: matches basic strategy.');
    const [entry] = await record.recent(1);
    expect(entry).toMatchObject({ kind: 'decision', hand: [10, 6], upcard: 10, chosen: 'surrender', best: 'surrender', evCost: 0, bet: 100 });
    expect(balances.at(-1)).toBe(10_000 - 10 - 50); // the table fee, and half the bet back
  });

  it('judges even money at 6:5 by its own gain: declining a natural against an ace is wrong', async () => {
    const user = userEvent.setup();
    await loadBasicStrategy({ ...DEFAULT_RULES, blackjackPays: 1.2, insuranceAllowed: true });
    // A♥ K♣ against an ace, hole 7♦.
    renderTable(['Ah', 'As', 'Kc', '7d']);
    await applyRules(user, async () => {
      await user.selectOptions(screen.getByLabelText('Blackjack pays'), '6:5');
      await user.click(screen.getByRole('checkbox', { name: 'Insurance offered' }));
    });
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(screen.getByRole('button', { name: 'No even money' }));
    expect((await screen.findByTestId('coach-insurance')).textContent).toBe('Even money declined: wrong, taking it is worth more here.');
    // Unseen: 309 cards, 95 tens: 1 - 1.2 x (1 - 95/309) = +16.9% of the bet.
    expect(screen.getByTestId('coach-insurance-ev').textContent).toBe('Even money against declining, from the cards seen: +16.9% of the 100.00-credit bet.');
  });
});

describe('the ace side count beside the count (decision record 0051)', { timeout: 30_000 }, () => {
  it('offers it for Hi-Opt II and shows the aces left and the count the bet is made on', async () => {
    const user = userEvent.setup();
    // 10♥ 9♣ against 6♠, hole 7♦: the player stands on 19, the dealer draws A♠ (14) and 10♠ (bust).
    renderTable(['10h', '6s', '9c', '7d', 'As', '10s']);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' });
    expect(screen.queryByRole('checkbox', { name: 'Ace side count (bets)' })).toBeNull(); // Hi-Lo counts the ace like a ten
    await user.selectOptions(screen.getByLabelText('System'), 'Hi-Opt II');
    await user.click(screen.getByRole('checkbox', { name: 'Ace side count (bets)' }));
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    // Seen: 10, 6, 9, 7, A, 10 (Hi-Opt II: -2 +1 0 +1 0 -2 = -2); one ace of 24 gone, 306 cards left
    // hold 23.54 by their share: -0.54 aces, worth -1.08: bet on (-2 - 1.08) / 6 decks, floored: -1.
    const line = await screen.findByTestId('ace-side-count');
    expect(line.textContent).toBe('Aces left 23 (-0.5 against their share) · bet on -1');
  });
});
