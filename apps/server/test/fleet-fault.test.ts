/**
 * Two server processes on one PostgreSQL database of the test's own; one is killed with SIGKILL
 * in the middle of a burst of table actions and demo-provider purchases (issue 29). Its players
 * send their unanswered request again to the other process (as a proxy's health check would
 * move them), with the same action id. Afterwards, read from the database:
 * - every answered table action is stored, at the version it answered;
 * - every player's balance equals the sum of their ledger;
 * - every payment is credited at most once, and every confirmed purchase exactly once (each
 *   verify is raced by a second one on the other process);
 * and the survivor answered every request of the gap, and the restarted process takes traffic.
 * The kill moment is drawn from a printed seed: rerun with FLEET_FAULT_SEED=<seed>.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { checkFleetInvariants } from './support/fleet-check.ts';
import { FleetPlayer, type Outcome } from './support/fleet-player.ts';
import { freePort, seededRandom, startServerProcess, type ServerProcess } from './support/server-process.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './support/test-db.ts';

/** Players per process; each plays back to back (a burst, not human pace). */
const PLAYERS_PER_PROCESS = 3;
/** One operation in PURCHASE_EVERY is a purchase, the rest table actions. */
const PURCHASE_EVERY = 6;
/** The kill comes after this many answers from the doomed process (drawn), plus a drawn delay. */
const KILL_AFTER_ANSWERS_MIN = 10;
const KILL_AFTER_ANSWERS_MAX = 40;
const KILL_DELAY_MAX_ms = 40;
/** Operations each player still makes after the kill (on the survivor). */
const OPS_AFTER_KILL = 8;
/** A bound on each player's burst, should the kill never come. */
const OPS_MAX = 2_000;
const APP_URL = 'http://localhost:3150';

const seed = Number(process.env.FLEET_FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const postgresMissing = inject('postgresTemplate') === null;
if (postgresMissing && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`REQUIRE_POSTGRES=1 but ${inject('postgresUnavailableReason')}`);

const dirs: string[] = [];
const servers: ServerProcess[] = [];
const agent = new http.Agent({ keepAlive: true });
afterAll(async () => {
  agent.destroy();
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.kill('SIGKILL');
    await s.exited;
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function start(url: string, port: number): ServerProcess {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-fleet-'));
  dirs.push(dir);
  // The same APP_URL on both (the origin players send); TRUST_PROXY so each player's
  // X-Forwarded-For keeps the per-address auth limits apart.
  const s = startServerProcess(dir, { DATABASE_URL: url, PORT: String(port), APP_URL, TRUST_PROXY: 'true' });
  servers.push(s);
  return s;
}

it.skipIf(postgresMissing)(
  `PostgreSQL: one of two processes killed with SIGKILL under load loses nothing${postgresMissing ? ` SKIPPED: ${inject('postgresUnavailableReason')}` : ''}`,
  async () => {
    console.log(`fleet-fault seed: ${seed} (rerun with FLEET_FAULT_SEED=${seed})`);
    const rand = seededRandom(seed);
    const url = await createPostgresDatabase();
    try {
      const [portA, portB] = [await freePort(), await freePort()];
      const baseA = `http://127.0.0.1:${portA}`;
      const baseB = `http://127.0.0.1:${portB}`;
      let a = start(url, portA);
      const b = start(url, portB);
      await Promise.all([a.ready, b.ready]);

      // The kill: after the k-th answer from A plus a drawn delay, so requests are in flight.
      const killAfter =
        KILL_AFTER_ANSWERS_MIN + Math.floor(rand() * (KILL_AFTER_ANSWERS_MAX - KILL_AFTER_ANSWERS_MIN + 1));
      const killDelay_ms = Math.floor(rand() * KILL_DELAY_MAX_ms);
      let aDead = false;
      let answersFromA = 0;
      let killAt = 0;
      let onKilled = (): void => undefined;
      const killed = new Promise<void>((resolve) => (onKilled = resolve));
      const outcomes: Outcome[] = [];
      const record = (o: Outcome) => {
        outcomes.push(o);
        if (o.base !== baseA || o.status === 'no answer' || ++answersFromA !== killAfter) return;
        setTimeout(() => {
          a.kill('SIGKILL');
          aDead = true;
          killAt = outcomes.length;
          onKilled();
        }, killDelay_ms);
      };
      const players = Array.from({ length: 2 * PLAYERS_PER_PROCESS }, (_, i) => {
        const onA = i % 2 === 0;
        const p = new FleetPlayer({
          base: () => (onA && !aDead ? baseA : baseB),
          origin: APP_URL,
          ip: `10.29.0.${i + 1}`,
          agent,
          onOutcome: record,
        });
        return { p, onA };
      });
      await Promise.all(players.map(({ p }, i) => p.signUp(`fleet-${seed}-${i}@example.com`)));
      await Promise.all(players.map(({ p }) => p.readTable()));

      const burst = async ({ p, onA }: (typeof players)[number], i: number) => {
        let after = 0;
        for (let op = 0; after < OPS_AFTER_KILL; op++) {
          if (aDead) after++;
          if (op > OPS_MAX) throw new Error(`player ${i}: the kill never came`);
          if (op % PURCHASE_EVERY === PURCHASE_EVERY - 1)
            await p.buyStarter(onA ? baseB : aDead ? undefined : baseA);
          else await p.act(p.nextAction());
        }
      };
      await Promise.all([killed, ...players.map(burst)]);
      await a.exited;

      // The kill hit A in the middle of answering: some of its requests got no answer.
      const gap = outcomes.slice(killAt);
      const unanswered = outcomes.filter((o) => o.base === baseA && o.status === 'no answer');
      console.log(
        `seed ${seed}: killed ${killDelay_ms} ms after A's answer ${killAfter}: ${unanswered.length} requests to A unanswered, ${gap.length} requests after`,
      );
      expect(unanswered.length, 'requests in flight on A at the kill').toBeGreaterThan(0);
      // The survivor answered everything it was sent, before the kill and in the gap.
      const failedOnB = outcomes.filter((o) => o.base === baseB && o.status !== 200);
      expect(failedOnB, 'requests to the surviving process that failed').toEqual([]);

      // A comes back on its port and takes traffic: every player plays and buys through it.
      a = start(url, portA);
      await a.ready;
      aDead = false;
      const back = outcomes.length;
      for (const { p } of players) {
        for (let i = 0; i < 4; i++) await p.act(p.nextAction());
      }
      await Promise.all(players.map(({ p }) => p.buyStarter(baseB)));
      const onRestarted = outcomes.slice(back).filter((o) => o.base === baseA);
      expect(onRestarted.length).toBeGreaterThan(0);
      expect(onRestarted.filter((o) => o.status !== 200)).toEqual([]);

      const problems = await checkFleetInvariants(url, {
        answered: players.flatMap(({ p }) => p.answered),
        confirmedIntents: players.flatMap(({ p }) => p.confirmed),
      });
      expect(problems, `seed ${seed}`).toEqual([]);
    } finally {
      for (const s of servers)
        if (s.child.exitCode === null && s.child.signalCode === null) s.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await dropPostgresDatabase(url);
    }
  },
  120_000,
);
