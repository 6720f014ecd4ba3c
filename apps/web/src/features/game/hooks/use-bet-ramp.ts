import { useCallback, useMemo, useState } from 'react';
import { BetRampSchema, type BetRampSetting, type TableTrainingSettings } from '@card-counter/shared';
import { readStorage, writeStorage } from '@/shared/lib/storage.ts';
import { TABLE_BET_RAMP_KEY } from '@/shared/table-settings/table-settings.ts';
import type { TableSource } from '../api/table-source.ts';
import type { TableHandle } from './use-table.ts';

// The bet ramp setting (decision record 0030): on a server table it is the server's (a training
// setting: the server grades every bet against it); on the local table this browser keeps it.

export type RampPatch = Partial<Pick<TableTrainingSettings, 'betRamp' | 'showRampBet'>>;

export interface BetRampControl {
  ramp: BetRampSetting | null;
  /** Show the ramp's bet for the count beside the chips. */
  showRampBet: boolean;
  set: (patch: RampPatch) => void;
  busy: boolean;
}

const LOCAL_KEY = TABLE_BET_RAMP_KEY;

function loadLocal(): Required<RampPatch> {
  try {
    const o = JSON.parse(readStorage(LOCAL_KEY) ?? '{}') as { betRamp?: unknown; showRampBet?: unknown };
    const ramp = BetRampSchema.safeParse(o.betRamp);
    return { betRamp: ramp.success ? ramp.data : null, showRampBet: o.showRampBet === true };
  } catch {
    return { betRamp: null, showRampBet: false };
  }
}

export function useBetRamp(source: TableSource, table: TableHandle): BetRampControl {
  const [local, setLocal] = useState(loadLocal);
  const server = table.snapshot?.training?.settings ?? null;
  const { setTraining, busy } = table;
  const set = useCallback(
    (patch: RampPatch) => {
      if (source.kind === 'server') {
        void setTraining(patch);
        return;
      }
      setLocal((prev) => {
        const next = { ...prev, ...patch };
        writeStorage(LOCAL_KEY, JSON.stringify(next));
        return next;
      });
    },
    [source.kind, setTraining],
  );
  return useMemo(() => {
    const s = source.kind === 'server' && server !== null ? { betRamp: server.betRamp, showRampBet: server.showRampBet } : local;
    return { ramp: s.betRamp, showRampBet: s.showRampBet, set, busy };
  }, [source.kind, server, local, set, busy]);
}
