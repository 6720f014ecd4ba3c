/**
 * The withheld-shoe rule (decision record 0043) walked over EVERY GET route of the app's route
 * table (app.routeTable, so a route added later is walked without anyone listing it), live
 * streams included, during a test-mode shoe and at its shuffle point with its count check open.
 *
 * Two players are dealt the same cards and take the same actions; their counts are mirror
 * images (a custom count equal to Hi-Lo, and its negation), so every true count differs in
 * sign and a two-step bet ramp grades their bets differently. Anything an answer says that
 * depends on the count therefore differs between them; what they can see (cards, outcomes,
 * balances, rounds) does not. After the names that differ by nature (ids, e-mail, times, the
 * count's tags) are set aside, the two players' answers must be the same. Once the check is
 * answered, or lapses at the next deal, the same walk must find the count again (the walk
 * is able to see it, and the routes work as before).
 */
import type { TableSnapshot } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { RecordGrader } from '../src/modules/record/index.ts';
import { insertTournament } from '../src/modules/tournaments/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { openSse, sseData } from './support/sse.ts';
import { stackedShoes, tableClient, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';
import { tournamentBody } from './support/tournaments.ts';

const silent = { warn: () => undefined, error: () => undefined };
const HI_LO = { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 };
/** Hi-Lo's negation: every running and true count the other sign. */
const MIRROR = { A: 1, 2: -1, 3: -1, 4: -1, 5: -1, 6: -1, 7: 0, 8: 0, 9: 0, T: 1 };
/** Two steps: a true count of 2 or more asks four units, so a one-unit bet is graded by the count. */
const RAMP = { unit_credits: 20, steps: [{ tc: 1, units: 1 }, { tc: 2, units: 4 }] };
/** Query strings tried on every route (a route that takes none answers 400 to both players). */
/** A walk is some 300 requests and the test walks after every round, on a shared machine. */
const WALK_TIMEOUT_ms = 600_000;
const QUERIES = (shoe: string) => ['', `?shoe=${shoe}`, '?kind=bet', '?kind=decision', '?by=shoe'];

interface Side {
  p: Player;
  table: TableClient;
  /** Strings naming this player (id, e-mail, name): set aside as "me" or "other". */
  names: string[];
}

forEachDatabase('withheld shoe walk', (t) => {
  const shoes = stackedShoes();
  let app: FastifyInstance;
  let baseUrl: string;
  /** The table's clock: both players act at the same instants, so times match where the app sets them. */
  let now = Date.now();
  /** A running tournament both players enter: its routes are walked with its id. */
  let tournamentId = '';
  beforeAll(async () => {
    app = await buildTestApp(t.db, { clock: () => new Date(now), heartbeat_ms: 60_000, table: { ...shoes.hooks, countCheckRandom: () => 0.99 } });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const made = await t.db.kysely.transaction().execute((trx) => insertTournament(trx, tournamentBody({}, new Date(now)), { now: new Date(now), createdBy: null }));
    tournamentId = made?.id ?? '';
  });
  afterAll(async () => {
    await app.close();
  });

  /** A player in test mode on one deck shuffled at half, with the two-step ramp and 50 old decisions (the skill board's minimum). */
  async function seat(tag: string, tags: typeof HI_LO): Promise<Side> {
    const p = await signUpPlayer(app, tag);
    shoes.stack(p.id, []); // the same ordered deck for both players
    const table = tableClient(p);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 1, shufflePoint: 0.5, surrenderAllowed: false } });
    await table.act({ type: 'setCounting', counting: { system: 'custom', custom: { tags }, resolution: 'half', rounding: 'floor' } });
    await table.act({ type: 'setTraining', settings: { testMode: true, betRamp: RAMP } });
    const entry = await p.call('POST', `/api/tournaments/${tournamentId}/entries`, { requestId: crypto.randomUUID() });
    expect(entry.statusCode, entry.body).toBe(200);
    await sql`
      insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, at, source, graded)
      select ${p.id}, 'old-' || i, 'decision', true, 0, 25, '{}'::jsonb,
        timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second', 'table', true
      from generate_series(1, 50) i`.execute(t.db.kysely);
    const me = (await p.call('GET', '/api/me')).json() as Record<string, unknown>;
    // The session cookie's token (before its signature) names the player too.
    const tokens = p.cookie().split('; ').map((c) => decodeURIComponent(c.slice(c.indexOf('=') + 1)).split('.')[0]!);
    // Its session's id and the address the test's browser claims are its own as well.
    const session = ((await p.call('GET', '/api/auth/get-session')).json() as { session: Record<string, unknown> }).session;
    const names = [p.id, ...tokens, session.id, session.ipAddress, ...['email', 'username', 'displayName', 'name'].map((k) => me[k])].filter(
      (v): v is string => typeof v === 'string' && v.length > 3,
    );
    return { p, table, names };
  }

  /** Both players take `step`, at the same instant of the table's clock. */
  async function both(a: Side, b: Side, step: (s: Side) => Promise<unknown>): Promise<void> {
    now += 1000;
    await step(a);
    await step(b);
  }

  /** One round: a one-unit bet, and stand on everything (a play error on the low hands), no insurance. */
  async function playRound(s: Side): Promise<TableSnapshot> {
    await s.table.act({ type: 'bet', amount: 20, spot: 0 });
    let snap = await s.table.act({ type: 'deal' });
    while (snap.state.gamePhase !== 'roundOver') {
      snap = await s.table.act(snap.state.gamePhase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' });
    }
    return snap;
  }

  /** `value` with the names that differ by nature replaced, and lists of players in a fixed order. */
  function normalise(value: unknown, me: Side, other: Side): unknown {
    if (typeof value === 'string') {
      let s = value;
      for (const n of me.names) s = s.split(n).join('<me>');
      for (const n of other.names) s = s.split(n).join('<other>');
      return s
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>');
    }
    if (Array.isArray(value)) {
      const items = value.map((v) => normalise(v, me, other));
      // A board lists both players; ties are broken by user id, which is not theirs to choose.
      const players = items.every((v) => typeof v === 'object' && v !== null && 'userId' in v);
      return players ? items.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))) : items;
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          // Record row ids interleave between the two players; the count's own tags are the set-up.
          if ((k === 'id' || k === 'mistakeId') && typeof v === 'string' && /^\d+$/.test(v)) return [k, '<row>'];
          if (k === 'custom' && typeof v === 'object') return [k, '<the count chosen>'];
          // A tournament's places among equal chips go by entry time, then user id: not the players' to choose.
          if (k === 'place' && typeof v === 'number') return [k, '<place>'];
          return [k, normalise(v, me, other)];
        }),
      );
    }
    return value;
  }

  /** The GET routes of the route table, with their params filled from the player's own rows. */
  /** Each as [the route with its query, the URL called]. */
  async function urlsOf(s: Side, shoe: string): Promise<{ urls: [string, string][]; streams: [string, string][] }> {
    const mistake = await sql<{ id: string }>`
      select id::text as id from play_record where user_id = ${s.p.id} and kind = 'decision' and not correct
      order by (shoe = ${shoe}) desc, id desc limit 1`.execute(t.db.kysely);
    // A replayed round (decision record 0061): the shoe's first logged round of this player.
    const round = await sql<{ start: number }>`
      select round_start as start from table_round_cards where user_id = ${s.p.id} and shoe = ${shoe}
      order by round_start limit 1`.execute(t.db.kysely);
    const params: Record<string, string> = { id: mistake.rows[0]?.id ?? '0', '*': 'get-session', shoe, start: String(round.rows[0]?.start ?? 0) };
    const gets = app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url);
    const urls: [string, string][] = [];
    const streams: [string, string][] = [];
    for (const route of new Set(gets)) {
      const url = route.replace(/:(\w+)|\*/g, (m, name: string | undefined) => {
        const v = params[name ?? m];
        if (v === undefined) throw new Error(`withheld-shoe walk: give route ${route} a value for ${m}`);
        // An admin route's :id is a user; a player's own id there (admin routes answer 403 to players).
        if (route.startsWith('/api/admin/')) return s.p.id;
        // A tournament's routes: the one both players entered.
        return route.startsWith('/api/tournaments/') ? tournamentId : v;
      });
      if (route.endsWith('/stream')) streams.push([route, url]);
      else urls.push(...QUERIES(shoe).map((q): [string, string] => [route + q.replace(shoe, '<shoe>'), url + q]));
    }
    return { urls, streams };
  }

  /** Every GET answer (status and body) and each stream's first event, normalised, by URL. */
  async function walk(me: Side, other: Side, shoe: string): Promise<Record<string, unknown>> {
    const { urls, streams } = await urlsOf(me, shoe);
    const out: Record<string, unknown> = {};
    for (const [key, url] of urls) {
      const res = await me.p.call('GET', url);
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON: compared as text
      }
      // Both players failing alike would hide a route: every route answers.
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      out[key] = normalise({ status: res.statusCode, body }, me, other);
    }
    for (const [key, url] of streams) {
      const sse = await openSse(`${baseUrl}${url}`, me.p.cookie());
      try {
        await vi.waitFor(() => expect(sse.blocks.some((b) => sseData(b) !== undefined)).toBe(true), { timeout: 5000 });
        out[key] = normalise(sseData(sse.blocks.find((b) => sseData(b) !== undefined)!), me, other);
      } finally {
        await sse.close();
      }
    }
    return out;
  }

  /**
   * Where the two players' walks differ. First every graded entry is graded (the app's grader
   * runs in the background) and the credits board has caught up with both balances (it is
   * refreshed a moment after a change).
   */
  async function differences(a: Side, b: Side): Promise<string[]> {
    await new RecordGrader(t.db, silent).drain();
    await vi.waitFor(
      async () => {
        const board = (await a.p.call('GET', '/api/leaderboard')).json() as { entries: { userId: string; balance: number }[] };
        for (const s of [a, b]) {
          const credits = ((await s.p.call('GET', '/api/me')).json() as { credits: number }).credits;
          expect(board.entries.find((e) => e.userId === s.p.id)?.balance).toBe(credits);
        }
      },
      { timeout: 5000 },
    );
    // Before the first deal there is no shoe yet: the shoe routes are asked for a made-up one.
    const shoe = a.table.snapshot().state.deck?.commitment ?? 'no-shoe-yet';
    expect(b.table.snapshot().state.deck?.commitment ?? 'no-shoe-yet').toBe(shoe);
    const [wa, wb] = [await walk(a, b, shoe), await walk(b, a, shoe)];
    expect(Object.keys(wa).length).toBeGreaterThan(50);
    const differ = Object.keys(wa).filter((k) => JSON.stringify(wa[k]) !== JSON.stringify(wb[k]));
    if (differ.length > 0) console.log(`${differ[0]}\n  ${JSON.stringify(wa[differ[0]!])}\n  ${JSON.stringify(wb[differ[0]!])}`);
    return differ;
  }

  /** Plays rounds for both until the shuffle point's check opens, walking after each round when `walkEach`. */
  async function playToTheCheck(a: Side, b: Side, walkEach: boolean): Promise<{ rounds: number }> {
    let rounds = 0;
    for (;;) {
      await both(a, b, playRound);
      rounds++;
      const [sa, sb] = [a.table.snapshot(), b.table.snapshot()];
      // Same cards, same moves: what the players see is the same.
      expect(sb.state.playerHands).toEqual(sa.state.playerHands);
      expect(sb.state.runningCount).toBe(0); // withheld in test mode (ADR 0031)
      const atTheCheck = sa.training.countCheck !== null;
      if (walkEach || atTheCheck) expect(await differences(a, b), `round ${rounds}`).toEqual([]);
      if (atTheCheck) return { rounds };
      expect(rounds).toBeLessThan(12);
    }
  }

  it('during a test-mode shoe and at its shuffle point with the check open, no GET answer or stream differs between two players whose counts are mirror images', async () => {
    const [a, b] = [await seat('walk-a', HI_LO), await seat('walk-b', MIRROR)];
    expect(await differences(a, b)).toEqual([]);
    // Mid-round too: the first round's deal, before the player's move.
    await both(a, b, (s) => s.table.act({ type: 'bet', amount: 20, spot: 0 }));
    await both(a, b, (s) => s.table.act({ type: 'deal' }));
    if (a.table.snapshot().state.gamePhase !== 'roundOver') {
      expect(await differences(a, b)).toEqual([]);
      await both(a, b, async (s) => {
        let snap = s.table.snapshot();
        while (snap.state.gamePhase !== 'roundOver') snap = await s.table.act({ type: 'stand' });
      });
    }
    const { rounds } = await playToTheCheck(a, b, true);
    expect(rounds).toBeGreaterThan(2);
    const check = a.table.snapshot().training.countCheck!;
    expect(check.asked).toBe('runningAndTrueCount');

    // Answered: the shoe is over, and the same walk now finds its count where the issue found it.
    await both(a, b, (s) => s.table.act({ type: 'countCheck', id: s.table.snapshot().training.countCheck!.id, answer: 0, trueCount: 0 }));
    const told = await differences(a, b);
    for (const route of ['/api/me/record?kind=bet', '/api/me/mistakes', '/api/me/mistakes/:id/round', '/api/table/report?shoe=<shoe>', '/api/leaderboard/skill', '/api/me/lifetime', '/api/me/shoes/:shoe/rounds/:start/replay', '/api/me/record/by-true-count'])
      expect(told).toContain(route);
  }, WALK_TIMEOUT_ms);

  it('a check that lapses at the next deal releases the old shoe; the new shoe is withheld in turn', async () => {
    const [a, b] = [await seat('lapse-a', HI_LO), await seat('lapse-b', MIRROR)];
    const { rounds } = await playToTheCheck(a, b, false);
    const old = a.table.snapshot().state.deck!.commitment;
    await both(a, b, (s) => s.table.act({ type: 'bet', amount: 20, spot: 0 }));
    await both(a, b, (s) => s.table.act({ type: 'deal' }));
    expect(a.table.snapshot().state.deck!.commitment).not.toBe(old);
    await new RecordGrader(t.db, silent).drain();
    for (const s of [a, b]) {
      const bets = (await s.p.call('GET', '/api/me/record?kind=bet')).json() as { entries: unknown[] };
      // The old shoe's bets, one a round; the new round's bet belongs to the new shoe, withheld.
      expect(bets.entries).toHaveLength(rounds);
      const report = (await s.p.call('GET', `/api/table/report?shoe=${old}`)).json() as { withheld: boolean; betGrades?: { graded: number } };
      expect(report).toMatchObject({ withheld: false, betGrades: { graded: rounds } });
    }
  }, WALK_TIMEOUT_ms);
});
