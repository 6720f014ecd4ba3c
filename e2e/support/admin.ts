import { randomBytes } from 'node:crypto';
import { ADMIN_ACCOUNT_VARIABLE } from './env.ts';

/** The run's admin (its id is in the server's ADMIN_USER_IDS); made by global setup. */
export interface AdminAccount {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** Signs up the admin over HTTP (the server is running, without admins yet). */
export async function createAdminAccount(appUrl: string): Promise<AdminAccount> {
  const suffix = randomBytes(4).toString('hex');
  const account = {
    name: 'E2E Operator',
    email: `e2e-operator-${suffix}@example.com`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
  const response = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(appUrl).origin },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { user?: { id?: string } };
  if (!response.ok || typeof body.user?.id !== 'string') {
    throw new Error(`admin sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { id: body.user.id, ...account };
}

/** In a test worker: the admin global setup made. */
export function adminAccount(): AdminAccount {
  const raw = process.env[ADMIN_ACCOUNT_VARIABLE];
  if (raw === undefined || raw === '')
    throw new Error(`${ADMIN_ACCOUNT_VARIABLE} is not set: run through global setup`);
  return JSON.parse(raw) as AdminAccount;
}
