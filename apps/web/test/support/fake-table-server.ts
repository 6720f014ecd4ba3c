import { createGame, seededRng, stackedShoe, step, visible, type GameState } from '@card-counter/engine';
import { json } from './fetch.ts';
import { DEFAULT_TRAINING_SETTINGS, type CountCheckResult, type IndexSetBody, type PlayerIndexSet, type TableReport, type TableTrainingSettings } from '@card-counter/shared';

// A fake fetch that plays the server table's contract: a real engine table behind it, actions
// applied once per actionId, 409 with the table on a stale version or a refused move. Its
// training follows the server's rules (apps/server/src/modules/table/training.ts): a check is
// asked after a settled round (when `askAfterRound` in 'random' mode, always at the shuffle
// point, never 'off'), lapses at the next deal, and its expected count stays in here.

export interface Sent {
  url: string;
  method: string;
  body: { actionId: string; version: number; action: { type: string } } | null;
}

export class FakeTableServer {
  version = 0;
  state: GameState = createGame({ balance: 10_000, shoe: stackedShoe(6, ['10h', '9s', '8c', '7d', '10s']) });
  sent: Sent[] = [];
  /** GET /api/me/record/by-true-count's answer. */
  byTrueCount: unknown = { count: 'hi-lo', rows: [], rounds: 0, withheld: false };
  shoes: unknown[] = [];
  answered = new Map<string, { status: number; body: unknown }>();
  /** Answers to give instead of the table, one per request, before the table answers (e.g. a lost answer). */
  faults: (() => Response | Promise<Response>)[] = [];
  /** Apply the action but lose the answer (the network dropped it after the server committed). */
  loseNextAnswer = false;
  settings: TableTrainingSettings = { ...DEFAULT_TRAINING_SETTINGS };
  /** The open check; `expected` never leaves the server. */
  check: { id: string; expected: number } | null = null;
  last: CountCheckResult | null = null;
  /** The server's dice in 'random' mode: ask after every settled round (or never). */
  askAfterRound = false;
  /** What GET /api/table/report answers (any shoe, or the session). */
  report: TableReport = {
    scope: 'shoe',
    shoe: null,
    since: null,
    finished: true,
    withheld: false,
    rounds: 0,
    bet_credits: 0,
    roundTime_ms: null,
    countChecks: { asked: 0, correct: 0, items: [] },
    decisions: { graded: 0, errors: 0, pending: 0 },
    edgeGiven: { credits: 0, percentOfBet: null },
    errors: [],
  };

  /** GET /api/me/index-sets: the player's own sets (a chosen one is what the coach and the grade read). */
  playerSets: PlayerIndexSet[] = [];
  /** GET /api/indices: the fleet's full set; null answers 202, as while the server's job generates it. */
  fleetSet: IndexSetBody | null = null;

  snapshot() {
    return {
      version: this.version,
      state: visible(this.state),
      training: {
        settings: { ...this.settings },
        countCheck: this.check === null ? null : { id: this.check.id, asked: 'runningCount' as const },
        lastCountCheck: this.last,
      },
    };
  }

  fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Sent['body']) : null;
    this.sent.push({ url, method, body });
    // The sidebar's read of the record by count (ADR 0060): answered apart, so it takes no fault meant for the table.
    if (url.startsWith('/api/me/record/by-true-count')) return json(this.byTrueCount);
    const fault = this.faults.shift();
    if (fault) return fault();
    if (url === '/api/table') return json(this.snapshot());
    if (url === '/api/table/shoes') return json({ items: this.shoes });
    if (url.startsWith('/api/table/report')) return json(this.report);
    if (url === '/api/me/index-sets' && method === 'GET') return json({ sets: this.playerSets });
    if (url.startsWith('/api/indices?')) return this.fleetSet ? json(this.fleetSet) : json({ status: 'generating', progress: 0 }, 202);
    if (!body) return json({ error: { code: 'VALIDATION_FAILED', message: 'The request is invalid.' } }, 400);
    const earlier = this.answered.get(body.actionId);
    const answer = earlier ?? this.apply(body);
    this.answered.set(body.actionId, answer);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return json(answer.body, answer.status);
  };

  private apply(body: NonNullable<Sent['body']>): { status: number; body: unknown } {
    if (body.version !== this.version) {
      return {
        status: 409,
        body: {
          error: {
            code: 'TABLE_VERSION_CONFLICT',
            message: 'The table changed in another tab or device. It now shows the current table.',
            details: { reason: 'STALE_VERSION', table: this.snapshot() },
          },
        },
      };
    }
    if (body.action.type === 'setCounting') {
      this.state = { ...this.state, counting: (body.action as unknown as { counting: GameState['counting'] }).counting };
      this.check = null;
      this.version++;
      return { status: 200, body: this.snapshot() };
    }
    if (body.action.type === 'setTraining') {
      this.settings = { ...this.settings, ...(body.action as unknown as { settings: Partial<TableTrainingSettings> }).settings };
      this.version++;
      return { status: 200, body: this.snapshot() };
    }
    if (body.action.type === 'countCheck') {
      const { id, answer } = body.action as unknown as { id: string; answer: number };
      if (this.check === null || this.check.id !== id) {
        const message = 'That count check is not open: it was answered, or it lapsed when the next round was dealt.';
        return {
          status: 409,
          body: { error: { code: 'TABLE_ACTION_REFUSED', message, details: { reason: 'NO_COUNT_CHECK', table: this.snapshot() } } },
        };
      }
      const { expected } = this.check;
      this.last = { id, asked: 'runningCount', answered: answer, expected, correct: answer === expected };
      this.check = null;
      this.version++;
      return { status: 200, body: this.snapshot() };
    }
    const before = this.state;
    const result = step(this.state, body.action as Parameters<typeof step>[1], seededRng(1));
    if (!result.ok) {
      // As the server (decide.ts): a bet off the rules' step is a 400 of its own code, any other refusal a 409.
      const notPayable = result.code === 'BET_NOT_PAYABLE';
      return {
        status: notPayable ? 400 : 409,
        body: { error: { code: notPayable ? 'BET_NOT_PAYABLE' : 'TABLE_ACTION_REFUSED', message: result.reason, details: { reason: result.code, table: this.snapshot() } } },
      };
    }
    this.state = result.state;
    this.version++;
    this.trainAfter(body.action.type, before);
    return { status: 200, body: this.snapshot() };
  }

  private trainAfter(actionType: string, before: GameState): void {
    if (['deal', 'setConfig', 'reset'].includes(actionType)) this.check = null;
    const next = this.state;
    if (before.gamePhase === 'roundOver' || next.gamePhase !== 'roundOver' || this.settings.countChecks === 'off') return;
    const deck = next.deck;
    const atShuffle = deck !== null && (deck.cards.length - deck.position) / deck.cards.length <= next.config.shufflePoint;
    if (atShuffle || (this.settings.countChecks === 'random' && this.askAfterRound)) this.check = { id: crypto.randomUUID(), expected: next.runningCount };
  }
}


