import { readStorage, writeStorage } from '../lib/storage.ts';

// The simulator's last ramps, kept in this browser for the table's bet ramp setting ("the
// simulator's ramp" and "its optimal ramp" with one click): the simulator writes them here, the
// table reads them, and neither feature imports the other. Spreads as the simulator keeps them:
// units from each true count up, "-inf" for the bet below the lowest count.

export const SIM_RAMPS_KEY = 'card-counter:sim-ramps';

export type Spread = Record<string, number>;

export interface SimRamps {
  /** The ramp of the last run started. */
  ramp: Spread | null;
  /** The last optimal ramp the simulator worked out for the player's bankroll and risk. */
  optimal: Spread | null;
}

function spreadOf(raw: unknown): Spread | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const out: Spread = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  return Object.keys(out).length > 0 ? out : null;
}

export function readSimRamps(): SimRamps {
  try {
    const o = JSON.parse(readStorage(SIM_RAMPS_KEY) ?? '{}') as { ramp?: unknown; optimal?: unknown };
    return { ramp: spreadOf(o.ramp), optimal: spreadOf(o.optimal) };
  } catch {
    return { ramp: null, optimal: null };
  }
}

/** Keeps the simulator's ramp or optimal ramp (the other one stays). */
export function keepSimRamp(kind: keyof SimRamps, spread: Spread): void {
  writeStorage(SIM_RAMPS_KEY, JSON.stringify({ ...readSimRamps(), [kind]: { ...spread } }));
}
