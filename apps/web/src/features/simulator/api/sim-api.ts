// The simulator's calls: the charge (server for a signed-in player, local credits for a guest,
// once per run id either way) and the history of runs (server, or this browser for guests).
import {
  CREDIT_COST_SIMULATOR_RUN,
  SimRunChargeResponseSchema,
  SimRunListSchema,
  type SimResultJson,
  type SimRun,
  type SimSettings,
} from '@card-counter/shared';
import { catalogueError } from '@/shared/lib/api-error.ts';
import { api, apiRequest } from '@/shared/lib/api-client.ts';
import { readStorage, writeStorage } from '@/shared/lib/storage.ts';

export type { SimRun };

export interface SimAccount {
  isGuest: boolean;
  userId: string;
  credits: number;
  /** Guests: writes the local balance (the session store's setGuestCredits). */
  setGuestCredits: (credits: number) => void;
}

/** Runs a guest keeps in this browser (results are a few KB each). */
export const LOCAL_RUNS_MAX = 20;
const chargedKey = (userId: string) => `card-counter:sim-charged:${userId}`;
const runsKey = (userId: string) => `card-counter:sim-runs:${userId}`;

function readJson<T>(key: string, fallback: T): T {
  try {
    const v: unknown = JSON.parse(readStorage(key) ?? 'null');
    return v === null ? fallback : (v as T);
  } catch {
    return fallback;
  }
}

/**
 * Charges CREDIT_COST_SIMULATOR_RUN for this run id and answers the balance after it. A retry
 * with the same id charges nothing more; short of credits it throws INSUFFICIENT_CREDITS.
 */
export async function chargeRun(account: SimAccount, runId: string, settings: SimSettings): Promise<{ runId: string; balance: number }> {
  if (!account.isGuest) {
    return SimRunChargeResponseSchema.parse(await api.post('/api/simulator/runs', { runId, settings }));
  }
  const charged = readJson<string[]>(chargedKey(account.userId), []);
  if (charged.includes(runId)) return { runId, balance: account.credits };
  if (account.credits < CREDIT_COST_SIMULATOR_RUN) throw catalogueError('INSUFFICIENT_CREDITS');
  const balance = account.credits - CREDIT_COST_SIMULATOR_RUN;
  writeStorage(chargedKey(account.userId), JSON.stringify([...charged, runId].slice(-100)));
  account.setGuestCredits(balance);
  saveLocal(account.userId, { runId, createdAt: new Date().toISOString(), settings, result: null, mine: null });
  return { runId, balance };
}

export async function saveResult(account: SimAccount, runId: string, result: SimResultJson, mine: SimResultJson | null): Promise<void> {
  if (!account.isGuest) {
    await apiRequest<void>(`/api/simulator/runs/${runId}/result`, { method: 'PUT', body: { result, mine } });
    return;
  }
  const runs = readJson<SimRun[]>(runsKey(account.userId), []);
  const run = runs.find((r) => r.runId === runId);
  if (run) saveLocal(account.userId, { ...run, result, mine });
}

export async function listRuns(account: Pick<SimAccount, 'isGuest' | 'userId'>): Promise<SimRun[]> {
  if (!account.isGuest) return SimRunListSchema.parse(await api.get('/api/simulator/runs')).runs;
  return readJson<SimRun[]>(runsKey(account.userId), []);
}

function saveLocal(userId: string, run: SimRun): void {
  const runs = readJson<SimRun[]>(runsKey(userId), []).filter((r) => r.runId !== run.runId);
  runs.unshift(run);
  writeStorage(runsKey(userId), JSON.stringify(runs.slice(0, LOCAL_RUNS_MAX)));
}
