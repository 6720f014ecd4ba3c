import { createGame, seededRng, stackedShoe, step, visible, type GameState } from '@card-counter/engine';

// A fake fetch that plays the server table's contract: a real engine table behind it, actions
// applied once per actionId, 409 with the table on a stale version or a refused move.

export interface Sent {
  url: string;
  method: string;
  body: { actionId: string; version: number; action: { type: string } } | null;
}

export class FakeTableServer {
  version = 0;
  state: GameState = createGame({ balance: 10_000, shoe: stackedShoe(6, ['10h', '9s', '8c', '7d', '10s']) });
  sent: Sent[] = [];
  shoes: unknown[] = [];
  answered = new Map<string, { status: number; body: unknown }>();
  /** Answers to give instead of the table, one per request, before the table answers (e.g. a lost answer). */
  faults: (() => Promise<Response>)[] = [];
  /** Apply the action but lose the answer (the network dropped it after the server committed). */
  loseNextAnswer = false;

  snapshot() {
    return { version: this.version, state: visible(this.state) };
  }

  fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Sent['body']) : null;
    this.sent.push({ url, method, body });
    const fault = this.faults.shift();
    if (fault) return fault();
    if (url === '/api/table') return json(200, this.snapshot());
    if (url === '/api/table/shoes') return json(200, { items: this.shoes });
    if (!body) return json(400, { error: { code: 'VALIDATION_FAILED', message: 'The request is invalid.' } });
    const earlier = this.answered.get(body.actionId);
    const answer = earlier ?? this.apply(body);
    this.answered.set(body.actionId, answer);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return json(answer.status, answer.body);
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
      this.version++;
      return { status: 200, body: this.snapshot() };
    }
    const result = step(this.state, body.action as Parameters<typeof step>[1], seededRng(1));
    if (!result.ok) {
      return {
        status: 409,
        body: { error: { code: 'TABLE_ACTION_REFUSED', message: result.reason, details: { reason: result.code, table: this.snapshot() } } },
      };
    }
    this.state = result.state;
    this.version++;
    return { status: 200, body: this.snapshot() };
  }
}

export function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

