import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardValue, createGame, currentHand, DEFAULT_RULES, gradeDecision, stackedShoe, visible, type DecisionFacts, type FullIndexSet } from '@card-counter/engine';
import type { IndexSetBody, PlayerIndexSet } from '@card-counter/shared';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import type { FakeTableServer } from '../../support/fake-table-server.ts';
import { renderServerTable, serveFakeTable } from '../../support/render-table.tsx';

// Issue 37: the table's coach advises by the set the record's grader grades by (the player's
// chosen set, else the fleet's, else the named plays while it is generated), so the live verdict
// and the grade agree. A,8 against a 6 (then 10♦ in the hole): basic strategy stands on soft 19.
const A8_V_6 = ['Ah', '6s', '8c', '10d', '5h'];
const ZEN = { system: 'zen', resolution: 'half', rounding: 'floor' } as const;
const A8V6 = { hand: 'A8', up: '6', play: 'double', versus: 'stand', direction: 'at-or-above' } as const;
const FLEET: IndexSetBody = { plays: [{ ...A8V6, index: 2 }, { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' }], insurance: 3, source: 'generated', subsets: [] };
const EDITED: PlayerIndexSet = { name: 'My Zen', count: 'zen', rules: {}, resolution: 'half', rounding: 'floor', plays: [{ ...A8V6, index: -5 }], insurance: null, chosen: true };

/** The decision's facts as the server records them (apps/server/src/modules/table/training.ts). */
function factsOf(server: FakeTableServer, chosen: DecisionFacts['chosen']): DecisionFacts {
  const view = visible(server.state);
  const hand = currentHand(view);
  if (!hand || !view.deck || !view.dealerCards[0]) throw new Error('no hand is being decided');
  return {
    rules: server.state.config,
    counting: server.state.counting,
    indexPlays: true,
    seen: view.deck.seen,
    hand: hand.cards.map(cardValue),
    upcard: cardValue(view.dealerCards[0]),
    fromSplit: false,
    splitAces: false,
    handsAtSpot: 1,
    runningCount: server.state.runningCount,
    trueCount: server.state.trueCount,
    chosen,
    bet: hand.bet,
  };
}

describe("the table's coach plays the full index set the record grades by", { timeout: 30_000 }, () => {
  let server: FakeTableServer;
  let chart: Uint8Array;
  beforeAll(async () => {
    await coachEngineLoaded(); // a decision taken before the coach's chunk arrives gets no verdict
    chart = await loadBasicStrategy({ ...DEFAULT_RULES });
  });
  beforeEach(() => {
    server = serveFakeTable();
    server.state = createGame({ balance: 10_000, counting: ZEN, shoe: stackedShoe(6, A8_V_6) });
    server.settings = { ...server.settings, indexPlays: true, countChecks: 'off' };
  });
  afterEach(() => vi.unstubAllGlobals());

  /**
   * Deals the A,8 v 6, stands, and answers the verdict's text and the grader's grade of the same
   * stand. The settings panel first names the set played (`label`): the set has then arrived (a
   * decision made before it arrives is advised by the named plays, ADR 0074).
   */
  async function standOnA8(full: FullIndexSet | null, label: RegExp) {
    const user = userEvent.setup();
    renderServerTable();
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    const panel = await screen.findByRole('region', { name: 'Table settings' });
    expect(await within(panel).findByText(label)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Close settings' }));
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    const stand = await screen.findByRole('button', { name: 'Stand' });
    const grade = gradeDecision(factsOf(server, 'stand'), chart, full);
    await user.click(stand);
    return { text: (await screen.findByTestId('coach-verdict')).textContent ?? '', grade };
  }

  it("an edited A,8 v 6 in the player's chosen set gives the grader's verdict: double", async () => {
    server.fleetSet = FLEET;
    server.playerSets = [EDITED];
    const { text, grade } = await standOnA8({ plays: EDITED.plays, insurance: EDITED.insurance }, /^Your set "My Zen" \(Zen Count, 1 play\)$/);
    expect(grade).toMatchObject({ best: 'double', correct: false, index: 'A8v6 double>=-5' });
    expect(text).toContain('Stand on A,8 v 6: the index play (Double A,8 v 6 at TC ≥ -5) says Double.');
    expect(text).toContain('Index play: Double A,8 v 6 at TC ≥ -5.');
    expect(text).not.toContain('A8v6');
    // The fleet's set was not asked for: the player's chosen set is what the grader reads first.
    expect(server.sent.some((s) => s.url.startsWith('/api/indices'))).toBe(false);
  });

  it("without a set of the player's, the fleet's unedited +2 stands at this count, as the grader does", async () => {
    server.fleetSet = FLEET;
    const { text, grade } = await standOnA8({ plays: FLEET.plays, insurance: FLEET.insurance }, /^Zen Count full set, generated for these rules \(2 plays\)$/);
    expect(grade).toMatchObject({ best: 'stand', correct: true, index: null });
    expect(text).toContain('Stand on A,8 v 6: matches basic strategy.');
  });

  it('while the set is generated, the coach falls back on the named plays, as the grader does', async () => {
    server.fleetSet = null;
    const { text, grade } = await standOnA8(null, /^Generating the Zen Count full set for these rules: 0%\. Meanwhile: /);
    expect(server.sent.some((s) => s.url.startsWith('/api/indices'))).toBe(true);
    expect(grade.best).toBe('stand');
    expect(text).toContain('Stand on A,8 v 6: matches basic strategy.');
  });
});
