/** Tournaments in the server tests: a definition to create, and a player at a tournament's table. */
import { randomUUID } from 'node:crypto';
import { TableSnapshotSchema, type AdminTournamentCreate, type TableAction, type TableSnapshot } from '@card-counter/shared';
import { expect } from 'vitest';
import type { Caller } from './players.ts';

/** Six decks, H17, DAS, late surrender, 75% dealt: a tournament's usual table. */
export function tournamentBody(over: Partial<AdminTournamentCreate> = {}, now = new Date()): AdminTournamentCreate {
  return {
    name: `Test tournament ${randomUUID().slice(0, 8)}`,
    startsAt: new Date(now.getTime() - 60_000).toISOString(),
    endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
    rules: { numDecks: 6, shufflePoint: 0.25, dealerStandsSoft17: false, doubleAfterSplit: true, surrenderAllowed: true },
    testMode: 'available',
    rounds: 10,
    betMin: 10,
    betMax: 500,
    chips: 10_000,
    minEntrants: 2,
    payouts_pct: [50, 30, 20],
    ...over,
  };
}

/** One entrant's tournament table through the table's own contract. */
export class TournamentSeat {
  table: TableSnapshot | null = null;
  constructor(
    private readonly call: Caller,
    readonly tournamentId: string,
  ) {}

  async load(): Promise<TableSnapshot> {
    const res = await this.call('GET', `/api/tournaments/${this.tournamentId}/table`);
    expect(res.statusCode, res.body).toBe(200);
    this.table = TableSnapshotSchema.parse(res.json());
    return this.table;
  }

  /** Sends an action; answers the status and body (a 200 updates the table). */
  async act(action: TableAction): Promise<{ status: number; body: Record<string, unknown> }> {
    const table = this.table ?? (await this.load());
    const res = await this.call('POST', `/api/tournaments/${this.tournamentId}/table/actions`, {
      actionId: randomUUID(),
      version: table.version,
      action,
    });
    const body = res.json() as Record<string, unknown>;
    if (res.statusCode === 200) this.table = TableSnapshotSchema.parse(body);
    return { status: res.statusCode, body };
  }

  async must(action: TableAction): Promise<TableSnapshot> {
    const r = await this.act(action);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (this.table === null) throw new Error('no table');
    return this.table;
  }

  /** One round by a simple rule (stand on 17+ and on 12+ against 2-6, else hit); answers when it is over. */
  async playRound(bet: number): Promise<TableSnapshot> {
    const t0 = this.table ?? (await this.load());
    if (t0.state.gamePhase === 'roundOver') await this.must({ type: 'newRound' });
    await this.must({ type: 'bet', amount: bet });
    let t = await this.must({ type: 'deal' });
    for (let i = 0; i < 30 && t.state.gameInProgress; i++) {
      if (t.state.gamePhase === 'insurance') {
        t = await this.must({ type: 'insurance', take: false });
        continue;
      }
      const hand = t.state.playerHands[t.state.currentHandIndex];
      const up = t.state.dealerCards[0];
      const total = hand ? handTotal(hand.cards) : 21;
      const upValue = up ? cardValue(up.rank) : 10;
      const stand = total >= 17 || (total >= 12 && upValue >= 2 && upValue <= 6);
      t = await this.must({ type: stand ? 'stand' : 'hit' });
    }
    expect(t.state.gameInProgress).toBe(false);
    return t;
  }
}

function cardValue(rank: string): number {
  if (rank === 'A') return 11;
  if (rank === 'K' || rank === 'Q' || rank === 'J') return 10;
  return Number(rank);
}

function handTotal(cards: readonly { rank: string }[]): number {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += cardValue(c.rank);
    if (c.rank === 'A') aces += 1;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces -= 1;
  }
  return total;
}
