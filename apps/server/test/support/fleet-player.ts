/**
 * One signed-in player over real HTTP against a fleet of server processes (issue 29): the fault
 * test points each player at a process of its own and moves it when that one dies; the scale
 * bench points every player at the reverse proxy. A request that gets no answer, or a 502/503/504
 * from a proxy, is sent again as the web app does (ADR 0015): a table action with the same action
 * id and version, so it is answered once whichever process stored it; a card confirmation and a
 * verify as they were (both idempotent).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  CREDIT_PACKS,
  DEMO_CARDS,
  TableSnapshotSchema,
  type TableAction,
  type TableSnapshot,
} from '@card-counter/shared';
import type { AnsweredAction } from './fleet-check.ts';

/** Attempts of one request before the player gives up (a process restarting takes seconds). */
const ATTEMPTS_MAX = 60;
const RETRY_DELAY_ms = 100;
const STARTER = CREDIT_PACKS.find((p) => p.id === 'starter')!;

export interface Outcome {
  kind: string;
  status: number | 'no answer';
  latency_ms: number;
  /** The base URL the request went to. */
  base: string;
  /** Attempt number (1 = first try). */
  attempt: number;
  /** The process that answered, when a proxy names it (X-Upstream); else ''. */
  upstream: string;
  /** Bytes sent (body) and received (body). */
  sent_bytes: number;
  received_bytes: number;
}

export interface FleetPlayerOptions {
  /** The base URL for the next request (a process, or the proxy). */
  base: () => string;
  /** The app's origin (APP_URL), sent as Origin on every request for the CSRF check. */
  origin: string;
  /** X-Forwarded-For, so per-address auth limits see players apart (TRUST_PROXY=true). */
  ip: string;
  agent: http.Agent;
  /** Every attempt, answered or not. */
  onOutcome?: (o: Outcome) => void;
  /** Every request once answered (or given up): its attempts and its time from the first one. */
  onCall?: (kind: string, status: number | 'no answer', total_ms: number, attempts: number) => void;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  text: string;
  setCookie: string[];
  upstream: string;
}

export function requestJson(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  payload?: string,
): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : {
                ...headers,
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = null;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            body = null;
          }
          resolve({
            status: res.statusCode ?? 0,
            body,
            text,
            setCookie: res.headers['set-cookie'] ?? [],
            upstream: String(res.headers['x-upstream'] ?? ''),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FleetPlayer {
  cookie = '';
  userId = '';
  snapshot: TableSnapshot | null = null;
  /** Table actions answered 200, for the check afterwards. */
  readonly answered: AnsweredAction[] = [];
  /** Intents whose card confirmation answered succeeded. */
  readonly confirmed: string[] = [];

  constructor(private readonly o: FleetPlayerOptions) {}

  /** One request, sent again while it gets no answer or a proxy's 502/503/504. */
  async call(kind: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { origin: this.o.origin, 'x-forwarded-for': this.o.ip };
    if (this.cookie !== '') headers.cookie = this.cookie;
    const first = performance.now();
    for (let attempt = 1; ; attempt++) {
      const base = this.o.base();
      const t0 = performance.now();
      let answer: JsonAnswer | null = null;
      try {
        answer = await requestJson(this.o.agent, `${base}${path}`, method, headers, payload);
      } catch {
        answer = null;
      }
      const status = answer?.status ?? 'no answer';
      this.o.onOutcome?.({
        kind,
        status,
        latency_ms: performance.now() - t0,
        base,
        attempt,
        upstream: answer?.upstream ?? '',
        sent_bytes: payload === undefined ? 0 : Buffer.byteLength(payload),
        received_bytes: answer === null ? 0 : Buffer.byteLength(answer.text),
      });
      const retry = answer === null || status === 502 || status === 503 || status === 504;
      if (!retry || attempt >= ATTEMPTS_MAX)
        this.o.onCall?.(kind, status, performance.now() - first, attempt);
      if (!retry) return answer!;
      if (attempt >= ATTEMPTS_MAX)
        throw new Error(`${kind} ${path}: no answer after ${attempt} attempts (last ${status})`);
      await sleep(RETRY_DELAY_ms);
    }
  }

  async signUp(email: string): Promise<void> {
    const res = await this.call('sign-up', 'POST', '/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-9',
      name: 'Fleet player',
    });
    if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${res.text}`);
    this.userId = (res.body as { user: { id: string } }).user.id;
    this.cookie = res.setCookie.map((c) => c.split(';')[0]).join('; ');
  }

  async readTable(): Promise<TableSnapshot> {
    const res = await this.call('table', 'GET', '/api/table');
    if (res.status !== 200) throw new Error(`GET /api/table ${res.status}: ${res.text}`);
    this.snapshot = TableSnapshotSchema.parse(res.body);
    return this.snapshot;
  }

  /** One table action, sent again with the same id until answered; throws unless 200. */
  async act(action: TableAction): Promise<TableSnapshot> {
    const version = this.snapshot?.version ?? (await this.readTable()).version;
    const actionId = randomUUID();
    const res = await this.call('table action', 'POST', '/api/table/actions', { actionId, version, action });
    if (res.status !== 200) throw new Error(`${action.type} v${version}: ${res.status} ${res.text}`);
    this.snapshot = TableSnapshotSchema.parse(res.body);
    this.answered.push({ userId: this.userId, actionId, version: this.snapshot.version });
    return this.snapshot;
  }

  /** A simple legal policy: bet 10, deal, no insurance, hit below 15. */
  nextAction(): TableAction {
    const s = this.snapshot?.state;
    if (s === undefined || !s.gameInProgress)
      return s !== undefined && s.currentBet > 0 ? { type: 'deal' } : { type: 'bet', amount: 10 };
    if (s.gamePhase === 'insurance') return { type: 'insurance', take: false };
    const hand = s.playerHands[s.currentHandIndex];
    const total = (hand?.cards ?? []).reduce(
      (t, c) => t + Math.min(10, c.rank === 'A' ? 1 : Number(c.rank) || 10),
      0,
    );
    return total < 15 ? { type: 'hit' } : { type: 'stand' };
  }

  /**
   * Buys the starter pack with the demo provider's good card: intent, confirmation, verify.
   * `race`: a base URL to send a second verify to at the same moment (two processes crediting
   * one payment). Answers the intent id.
   */
  async buyStarter(race?: string): Promise<string> {
    const created = await this.call('purchase intent', 'POST', '/api/payments/create-payment-intent', {
      userId: this.userId,
      amount: Math.round(STARTER.price * 100),
      creditAmount: STARTER.credits,
      packageName: STARTER.id,
    });
    if (created.status !== 200) throw new Error(`create-payment-intent ${created.status}: ${created.text}`);
    const { clientSecret, paymentIntentId } = created.body as {
      clientSecret: string;
      paymentIntentId: string;
    };
    const confirm = await this.call('purchase confirm', 'POST', '/api/payments/demo/confirm', {
      clientSecret,
      cardNumber: DEMO_CARDS.success,
      postalCode: '10001',
    });
    if (confirm.status !== 200) throw new Error(`demo confirm ${confirm.status}: ${confirm.text}`);
    this.confirmed.push(paymentIntentId);
    const verify = () => this.call('purchase verify', 'POST', '/api/payments/verify', { paymentIntentId });
    const raced = race === undefined ? null : this.raceVerify(race, paymentIntentId);
    const [res] = await Promise.all([verify(), raced]);
    if (res.status !== 200) throw new Error(`verify ${res.status}: ${res.text}`);
    return paymentIntentId;
  }

  /** A second verify straight to another process, once; its answer must be 200 or none (it died). */
  private async raceVerify(base: string, paymentIntentId: string): Promise<void> {
    const headers: Record<string, string> = {
      origin: this.o.origin,
      'x-forwarded-for': this.o.ip,
      cookie: this.cookie,
    };
    const res = await requestJson(
      this.o.agent,
      `${base}/api/payments/verify`,
      'POST',
      headers,
      JSON.stringify({ paymentIntentId }),
    ).catch(() => null);
    if (res !== null && res.status !== 200) throw new Error(`raced verify ${res.status}: ${res.text}`);
  }
}
