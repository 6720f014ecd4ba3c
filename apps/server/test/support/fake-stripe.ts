/**
 * A small fake of Stripe's HTTP API for the payment intents the server uses (create,
 * retrieve), so the real `stripe` SDK is tested offline (STACK.md: no Stripe mock on the
 * registry). Point the app at it with STRIPE_API_URL. Tests move intents on with `setStatus`
 * (what Stripe.js's confirmation does on Stripe's side), tamper with `patch`, and make the
 * next create or retrieve fail with `failNextCreate` / `failNextRetrieve`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  created: number;
  livemode: false;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  /** Requests seen, in order ("POST /v1/payment_intents"). */
  requests: string[];
  /** The next create answers this HTTP status with a Stripe error body. */
  failNextCreate(status: number): void;
  /** The next retrieve answers this HTTP status with a Stripe error body. */
  failNextRetrieve(status: number): void;
  setStatus(id: string, status: string, lastError?: string): void;
  patch(id: string, fields: Partial<FakeIntent>): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Stripe's form encoding, the parts the SDK sends here: `a=1&metadata[k]=v`. */
function parseForm(body: string): { fields: Record<string, string>; metadata: Record<string, string> } {
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1] !== undefined) metadata[m[1]] = v;
    else fields[k] = v;
  }
  return { fields, metadata };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: string[] = [];
  let failCreate: number | null = null;
  let failRetrieve: number | null = null;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(`${req.method ?? ''} ${url.pathname}`);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(json));
      };
      const authorised = req.headers.authorization?.startsWith('Bearer sk_test_') === true;
      if (!authorised)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (failCreate !== null) {
          const status = failCreate;
          failCreate = null;
          return send(status, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
        }
        const { fields, metadata } = parseForm(body);
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(fields.amount),
          currency: fields.currency ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata,
          last_payment_error: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m?.[1] !== undefined) {
        if (failRetrieve !== null) {
          const status = failRetrieve;
          failRetrieve = null;
          return send(status, { error: { type: 'api_error', message: 'Something went wrong on Stripe' } });
        }
        const intent = intents.get(m[1]);
        if (intent === undefined) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${m[1]}'`,
            },
          });
        }
        return send(200, intent);
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (id: string): FakeIntent => {
    const intent = intents.get(id);
    if (intent === undefined) throw new Error(`fake Stripe has no intent ${id}`);
    return intent;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    failNextCreate(status) {
      failCreate = status;
    },
    failNextRetrieve(status) {
      failRetrieve = status;
    },
    setStatus(id, status, lastError) {
      const intent = get(id);
      intent.status = status;
      intent.last_payment_error = lastError === undefined ? null : { message: lastError };
    },
    patch(id, fields) {
      Object.assign(get(id), fields);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
