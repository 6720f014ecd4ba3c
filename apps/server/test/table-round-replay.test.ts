/**
 * A round replayed card by card (issue 39, decision record 0061), through the HTTP API from a
 * stacked shoe: the replay's cards and counts are what the server dealt, the hole card has no
 * face before its turn, a round in play is not replayed yet (ROUND_NOT_OVER), a mistake's replay
 * opens at the mistake with its EVs, and another player's shoe or a round without a log is not
 * found.
 */
import { ErrorBodySchema, MistakesPageSchema, RoundReplaySchema, ShoeRoundsSchema, type ReplayEvent } from '@card-counter/shared';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };
/**
 * Player, dealer up, player, hole, draws: 10,8 v 7 (hole 10) hits 18 (the mistake), draws 2,
 * stands on 20 against 17. Then 10,9 v 10 (hole 10).
 */
const SHOE = ['10', '7', '8', '10', '2', '10', '10', '9', '10'];

forEachDatabase('table round replay', (t) => {
  const suite = tableSuite(t, { countCheckRandom: () => 0.99 });

  async function status(p: Player, url: string): Promise<{ code: number; error?: string; body: unknown }> {
    const res = await p.call('GET', url);
    const body: unknown = res.json();
    return { code: res.statusCode, body, ...(res.statusCode === 200 ? {} : { error: ErrorBodySchema.parse(body).error.code }) };
  }

  const cardsOf = (events: ReplayEvent[]) =>
    events.flatMap((e) => (e.kind === 'card' ? [e.card === null ? 'down' : e.card.rank] : e.kind === 'turn' ? [`turn ${e.card.rank}`] : []));

  it('replays the cards and counts the server dealt, the hole card only at its turn, a mistake at its play', async () => {
    const { p, table } = await suite.seat('replay', SHOE);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 6, surrenderAllowed: false } });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const dealt = await table.act({ type: 'deal' });
    const shoe = dealt.state.deck!.commitment;
    const url = `/api/me/shoes/${shoe}/rounds/0/replay`;
    // In play: no replay yet (it would show the hole card's place among the cards to come).
    expect(await status(p, url)).toMatchObject({ code: 409, error: 'ROUND_NOT_OVER' });
    await table.act({ type: 'hit' });
    const over = await table.act({ type: 'stand' });
    expect(over.state.gamePhase).toBe('roundOver');
    await new RecordGrader(t.db, silent).drain();

    const got = await status(p, url);
    expect(got.code, JSON.stringify(got.body)).toBe(200);
    const replay = RoundReplaySchema.parse(got.body);
    // The cards in dealing order, the hole card face down until it is turned after the stand.
    expect(cardsOf(replay.events)).toEqual(['10', '7', '8', 'down', '2', 'turn 10']);
    expect(replay.events.map((e) => e.kind)).toEqual(['card', 'card', 'card', 'card', 'play', 'card', 'play', 'turn']);
    const hole = replay.events[3];
    expect(hole).toMatchObject({ kind: 'card', card: null, to: { kind: 'dealer', card: 'hole' } });
    // Hi-Lo after each card: the hole card moves nothing until it is turned.
    const counted = replay.events.flatMap((e) => (e.kind === 'card' || e.kind === 'turn' ? [e.runningCount] : []));
    expect(counted).toEqual([-1, -1, -1, -1, 0, -1]);
    // The table at the end is the one the player saw.
    const seat = replay.seats.find((s) => s.player)!.seat;
    const toPlayer = replay.events.flatMap((e) => (e.kind === 'card' && e.to.kind === 'seat' && e.to.seat === seat && e.card ? [e.card] : []));
    expect(toPlayer).toEqual(over.state.playerHands[0]!.cards);
    const last = replay.events.at(-1)!;
    if (last.kind !== 'turn') throw new Error('the turn ends the round');
    expect(last.trueCount).toBe(over.state.trueCount);
    expect(JSON.stringify(replay)).not.toContain('"burn');

    // The plays carry the record's verdicts: the hit on 18 the mistake, with its EVs.
    const hit = replay.events[4];
    if (hit?.kind !== 'play') throw new Error('the hit');
    expect(hit.decision).toMatchObject({ chosen: 'hit', best: 'stand', correct: false, graded: true });
    expect(hit.decision?.evs?.stand).toBeGreaterThan(hit.decision?.evs?.hit ?? Infinity);
    const stand = replay.events[6];
    expect(stand).toMatchObject({ kind: 'play', play: 'stand', decision: { chosen: 'stand', correct: true } });

    const mistakes = MistakesPageSchema.parse((await p.call('GET', '/api/me/mistakes?kind=play')).json());
    const m = mistakes.mistakes[0]!;
    const fromMistake = RoundReplaySchema.parse((await status(p, `/api/me/mistakes/${m.id}/replay`)).body);
    expect(fromMistake.openAt).toBe(4);
    expect(fromMistake.events).toEqual(replay.events);

    const rounds = ShoeRoundsSchema.parse((await status(p, `/api/me/shoes/${shoe}/rounds`)).body);
    expect(rounds.rounds).toMatchObject([{ start: 0, cards: 5, plays: 2, mistakes: 1 }]);

    // Another player: the shoe and the mistake are not theirs.
    const other = (await suite.seat('replay-other')).p;
    expect(await status(other, url)).toMatchObject({ code: 404, error: 'ROUND_NOT_REPLAYABLE' });
    expect(await status(other, `/api/me/mistakes/${m.id}/replay`)).toMatchObject({ code: 404, error: 'MISTAKE_NOT_FOUND' });
    expect(ShoeRoundsSchema.parse((await status(other, `/api/me/shoes/${shoe}/rounds`)).body).rounds).toEqual([]);

    // A round dealt before the log (no row) is not replayable; its mistake says so too.
    await sql`delete from table_round_cards where user_id = ${p.id}`.execute(t.db.kysely);
    expect(await status(p, url)).toMatchObject({ code: 404, error: 'ROUND_NOT_REPLAYABLE' });
    expect(await status(p, `/api/me/mistakes/${m.id}/replay`)).toMatchObject({ code: 404, error: 'ROUND_NOT_REPLAYABLE' });
  });

  it('a round ended at the deal is logged once, the hole card turned at its end', async () => {
    const { p, table } = await suite.seat('replay-natural', ['A', '9', 'K', '7']);
    await table.load();
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const s = await table.act({ type: 'deal' });
    expect(s.state.gamePhase).toBe('roundOver');
    // The same log is in the state until the next deal: an action between rounds must not write it again.
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from table_round_cards where user_id = ${p.id}`.execute(t.db.kysely);
    expect(rows[0]?.n).toBe(1);
    const replay = RoundReplaySchema.parse((await status(p, `/api/me/shoes/${s.state.deck!.commitment}/rounds/0/replay`)).body);
    // A natural: the hole card is turned to settle, and only then shown.
    expect(cardsOf(replay.events)).toEqual(['A', '9', 'K', 'down', 'turn 7']);
  });
});
