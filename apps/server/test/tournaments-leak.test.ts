// Duplicate shoes leak nothing through another entrant's play (ADR 0055, 0056): entrant A plays
// ahead through the shoe every entrant shares; entrant B's answers (the table, the tournament,
// the list, the standings stream) never carry a card B has not been dealt. Checked against the
// shoe's reveal after the end: every card in each of B's table answers is one of the cards dealt
// to B's table up to that answer's position in the committed order, and before B's first deal
// B's answers carry no card at all.
import { randomUUID } from 'node:crypto';
import { cardFromCode } from '@card-counter/engine';
import { TournamentDetailSchema, type TableCard, type TableSnapshot, type TournamentSummary } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { closeTournament } from '../src/modules/tournaments/index.ts';
import { buildAppWithAdmin } from './support/admin.ts';
import { signUpPlayer, type Caller } from './support/players.ts';
import { openSse, sseData } from './support/sse.ts';
import { forEachDatabase } from './support/test-db.ts';
import { TournamentSeat, tournamentBody } from './support/tournaments.ts';

const key = (c: TableCard) => `${c.rank}/${c.suit}`;

/** The cards a table answer shows: on the table, and in the last round's result (the same round's cards, or an earlier one's). */
function cardsOf(s: TableSnapshot): string[][] {
  const table = [...s.state.playerHands.flatMap((h) => h.cards), ...s.state.dealerCards.filter((c): c is TableCard => c !== null)];
  const result = s.state.lastResult ? [...s.state.lastResult.hands.flatMap((h) => h.cards), ...s.state.lastResult.dealerCards] : [];
  return [table.map(key), result.map(key)];
}

/** Is every element of `part` in `whole`, counted with repeats (six decks hold six of each card)? */
function within(part: readonly string[], whole: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const c of whole) left.set(c, (left.get(c) ?? 0) + 1);
  for (const c of new Set(part)) if (part.filter((x) => x === c).length > (left.get(c) ?? 0)) return false;
  return true;
}

forEachDatabase('tournament leak: one entrant tells nothing of the shoe to another', (t) => {
  let app: FastifyInstance;
  let asAdmin: Caller;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, asAdmin } = await buildAppWithAdmin(t.db));
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it("B's answers carry only the cards dealt to B, however far A has played", async () => {
    const made = await asAdmin('POST', '/api/admin/tournaments', tournamentBody({ rounds: 6 }));
    expect(made.statusCode, made.body).toBe(200);
    const tour = made.json() as TournamentSummary;
    const [a, b] = [await signUpPlayer(app, 'leak-a'), await signUpPlayer(app, 'leak-b')];
    for (const p of [a, b]) expect((await p.call('POST', `/api/tournaments/${tour.id}/entries`, { requestId: randomUUID() })).statusCode).toBe(200);
    const [sa, sb] = [new TournamentSeat(a.call, tour.id), new TournamentSeat(b.call, tour.id)];
    for (let i = 0; i < 5; i++) await sa.playRound(10);
    expect(sa.table?.state.deck?.cardsRemaining).toBeLessThan(312 - 10);

    // Before B's first deal: nothing of the shoe anywhere B looks.
    const fresh = await sb.load();
    expect([fresh.state.deck, fresh.state.playerHands, fresh.state.dealerCards, fresh.state.lastResult]).toEqual([null, [], [], null]);
    for (const url of [`/api/tournaments/${tour.id}`, '/api/tournaments']) {
      const res = await b.call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/"rank"|"suit"|"cards"|"seen"|"commitments"/);
    }
    const sse = await openSse(`${baseUrl}/api/tournaments/${tour.id}/stream`, b.cookie());
    try {
      await vi.waitFor(() => expect(sse.blocks.some((x) => sseData(x) !== undefined)).toBe(true), { timeout: 5000 });
      expect(sse.text()).toMatch(/event: standings/);
      expect(sse.text()).not.toMatch(/"rank"|"suit"|"cards"|"seen"/);
    } finally {
      await sse.close();
    }
    const detail = TournamentDetailSchema.parse((await b.call('GET', `/api/tournaments/${tour.id}`)).json());
    expect(detail.standings.find((s) => s.userId === a.id)?.roundsPlayed).toBe(5);

    // B plays; every answer is kept and checked against the reveal below.
    const answers: TableSnapshot[] = [];
    const record = async (action: Parameters<TournamentSeat['act']>[0]) => {
      const r = await sb.act(action);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (sb.table) answers.push(sb.table);
      return sb.table as TableSnapshot;
    };
    for (let round = 0; round < 2; round++) {
      if (sb.table?.state.gamePhase === 'roundOver') await record({ type: 'newRound' });
      await record({ type: 'bet', amount: 10 });
      let s = await record({ type: 'deal' });
      for (let i = 0; i < 20 && s.state.gameInProgress; i++)
        s = await record(s.state.gamePhase === 'insurance' ? { type: 'insurance', take: false } : { type: 'hit' });
      answers.push(await sb.load());
    }
    expect(answers.every((s) => s.state.lastShoeReveal === null)).toBe(true);

    await closeTournament(t.db, tour.id, new Date(Date.parse(tour.endsAt) + 1000));
    const closed = TournamentDetailSchema.parse((await b.call('GET', `/api/tournaments/${tour.id}`)).json());
    const shoe = closed.reveal?.shoes[0]?.reveal.cards.map((c) => key(cardFromCode(c))) ?? [];
    expect(shoe.length).toBe(312);
    let checked = 0;
    for (const s of answers) {
      const deck = s.state.deck;
      if (deck === null) continue;
      // Dealt so far: after the burn card (index 0), up to the answer's position.
      const dealt = shoe.slice(1, deck.totalCards - deck.cardsRemaining);
      for (const shown of cardsOf(s)) expect(within(shown, dealt), `${shown.join(' ')} not among B's ${dealt.length} dealt cards`).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(4);
  });
});
