/**
 * bench:scale's virtual players, all through the proxy on loopback. Each one behaves like a
 * person with the app open:
 * - keeps its live profile stream open (/api/me/stream; one in LEADERBOARD_STREAM_EVERY also
 *   the leaderboard's), reconnecting like EventSource (after the server's `retry: 3000`);
 * - plays rounds at human pace through the table API (bench/table-round.ts, the same player as
 *   bench:api), each action after a pause of 0.5x to 1.5x --think-ms;
 * - between rounds, now and then: reads the leaderboard, refreshes its profile, posts a batch of
 *   drill answers, buys the starter pack with the demo provider's good card; and claims the
 *   daily bonus (only the first claim of a day pays: later ones are 4xx, expected); signs in
 *   again (a password hash each).
 * Requests without an answer, and a proxy's 502/503/504, are sent again (test/support/fleet-player.ts).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { seededRng } from '@card-counter/engine';
import type { TableAction } from '@card-counter/shared';
import { FleetPlayer, type Outcome } from '../test/support/fleet-player.ts';
import { playRound } from './table-round.ts';

const LEADERBOARD_STREAM_EVERY = 4;
/** Chances per round (1 in N). */
const SIGN_IN_EVERY = 40;
const BONUS_EVERY = 10;
const LEADERBOARD_READ_EVERY = 3;
const PROFILE_READ_EVERY = 5;
const DRILL_POST_EVERY = 4;
const PURCHASE_EVERY = 12;
const DRILL_BATCH = 5;
/** EventSource's wait before reconnecting (the server sends `retry: 3000`). */
const STREAM_RETRY_ms = 3000;
export const PASSWORD = 'correct-horse-9';

export interface StreamEvents {
  opened: number;
  /** Streams that ended while the player still wanted them (a process died, or a proxy cut). */
  lost: number;
  events: number;
  /** Longest time a stream of this player was down before it was open again. */
  gapMax_ms: number;
}

export interface RunStats {
  /** Every attempt, with its time since the run's start. */
  outcomes: (Outcome & { at_ms: number })[];
  /** Each request once answered: kind, final status, time across its attempts, attempts. */
  calls: { kind: string; status: number | 'no answer'; total_ms: number; attempts: number; at_ms: number }[];
  streams: StreamEvents;
  rounds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class VirtualPlayer {
  readonly p: FleetPlayer;
  private run: RunStats | null = null;
  private t0 = 0;
  private readonly rand: () => number;
  private readonly ip: string;

  constructor(
    readonly index: number,
    private readonly proxyUrl: string,
    readonly email: string,
    agent: http.Agent,
    private readonly streamAgent: http.Agent,
  ) {
    const rng = seededRng(7_000 + index);
    this.rand = () => rng.nextUint32() / 0x1_0000_0000;
    this.ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    this.p = new FleetPlayer({
      base: () => proxyUrl,
      origin: proxyUrl,
      ip: this.ip,
      agent,
      onOutcome: (o) => this.run?.outcomes.push({ ...o, at_ms: performance.now() - this.t0 }),
      onCall: (kind, status, total_ms, attempts) =>
        this.run?.calls.push({ kind, status, total_ms, attempts, at_ms: performance.now() - this.t0 }),
    });
  }

  async signUp(): Promise<void> {
    await this.p.signUp(this.email);
    await this.p.readTable();
  }

  /** Plays until `deadline` (performance.now()), streams open meanwhile; `stats` collects. */
  async play(
    stats: RunStats,
    t0: number,
    deadline: number,
    think_ms: number,
    extraStreams = 0,
  ): Promise<void> {
    this.run = stats;
    this.t0 = t0;
    const pause = () => sleep(think_ms * (0.5 + this.rand()));
    let wanted = true;
    const streams = [this.stream('/api/me/stream', () => wanted, stats.streams)];
    if (this.index % LEADERBOARD_STREAM_EVERY === 0)
      streams.push(this.stream('/api/leaderboard/stream', () => wanted, stats.streams));
    // --extra-streams: more leaderboard tabs left open (the streams' cost at scale).
    for (let i = 0; i < extraStreams; i++)
      streams.push(this.stream('/api/leaderboard/stream', () => wanted, stats.streams));
    try {
      // Players arrive over one think time, not in the same millisecond.
      await sleep(think_ms * this.rand());
      const player = this.p;
      const c = {
        get snapshot() {
          return player.snapshot!;
        },
      };
      while (performance.now() < deadline) {
        await playRound(
          c,
          async (action: TableAction) => {
            await pause();
            await this.p.act(action);
          },
          this.rand,
        );
        stats.rounds++;
        // A player comes back to the app now and then: signs in again (a password hash), claims the bonus.
        if (this.chance(SIGN_IN_EVERY)) {
          const res = await this.p.call('sign-in', 'POST', '/api/auth/sign-in/email', {
            email: this.email,
            password: PASSWORD,
          });
          if (res.status === 200) this.p.cookie = res.setCookie.map((c) => c.split(';')[0]).join('; ');
        }
        if (this.chance(BONUS_EVERY)) await this.p.call('daily bonus', 'POST', '/api/me/daily-bonus');
        if (this.chance(LEADERBOARD_READ_EVERY))
          await this.p.call('leaderboard', 'GET', '/api/leaderboard?pageSize=20');
        if (this.chance(PROFILE_READ_EVERY)) await this.p.call('profile', 'GET', '/api/me');
        if (this.chance(DRILL_POST_EVERY)) {
          await pause();
          await this.p.call('drill answers', 'POST', '/api/me/drills/answers', {
            answers: this.drillAnswers(),
          });
        }
        if (this.chance(PURCHASE_EVERY)) {
          await pause();
          await this.p.buyStarter();
        }
      }
    } finally {
      wanted = false;
      await Promise.all(streams.map((s) => s.close()));
    }
  }

  private chance(every: number): boolean {
    return Math.floor(this.rand() * every) === 0;
  }

  private drillAnswers() {
    const now = new Date().toISOString();
    return Array.from({ length: DRILL_BATCH }, () => ({
      answerId: randomUUID(),
      drill: 'basicStrategy' as const,
      item: `hard:${12 + Math.floor(this.rand() * 5)}:${2 + Math.floor(this.rand() * 9)}`,
      correct: this.rand() < 0.8,
      time_ms: 800 + Math.floor(this.rand() * 2000),
      answeredAt: now,
    }));
  }

  /** A live stream kept open like EventSource: counted, reconnected after a loss. */
  private stream(path: string, wanted: () => boolean, out: StreamEvents): { close(): Promise<void> } {
    let req: http.ClientRequest | null = null;
    const loop = (async () => {
      let downSince: number | null = null;
      while (wanted()) {
        await new Promise<void>((resolve) => {
          req = http.get(
            `${this.proxyUrl}${path}`,
            {
              agent: this.streamAgent,
              headers: {
                cookie: this.p.cookie,
                origin: this.proxyUrl,
                'x-forwarded-for': this.ip,
                accept: 'text/event-stream',
              },
            },
            (res) => {
              if (res.statusCode !== 200) {
                res.resume();
                res.on('end', resolve);
                return;
              }
              out.opened++;
              if (downSince !== null) out.gapMax_ms = Math.max(out.gapMax_ms, performance.now() - downSince);
              downSince = null;
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (out.events += `\n${chunk}`.split('\nevent: ').length - 1));
              res.on('close', () => resolve());
              res.on('error', () => resolve());
            },
          );
          req.on('error', () => resolve());
        });
        if (!wanted()) return;
        out.lost++;
        downSince ??= performance.now();
        await sleep(STREAM_RETRY_ms);
      }
    })();
    return {
      async close() {
        (req as http.ClientRequest | null)?.destroy();
        await loop;
      },
    };
  }
}
