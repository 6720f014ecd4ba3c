// "Use my table": the simulator's settings from the player's table (issue 38), every field the
// table has: its rules (spots and other players included), its count and true-count
// convention, its bet ramp, its index plays and insurance. Fields the table has no setting for
// (rounds, seed, workers, bankroll, the shoe's end) keep what the form holds. What cannot be
// carried over exactly is said in `notes`, never silently changed.
import { builtInTwin, countingSystemOf, precomputedIndices, type Rules } from '@card-counter/engine';
import type { BetRampSetting, SimSettings } from '@card-counter/shared';
import type { TableSettings } from '@/shared/table-settings/table-settings.ts';

export interface TableImport {
  settings: SimSettings;
  notes: string[];
}

/** A table ramp (units from each count up; 0 sits the round out) as a spread and a wong-in count. */
export function spreadOfRamp(ramp: BetRampSetting): { spread: Record<string, number>; wongIn: number | null; notes: string[] } {
  const steps = [...ramp.steps].sort((a, b) => a.tc - b.tc);
  const notes: string[] = [];
  const firstBet = steps.findIndex((s) => s.units > 0);
  if (firstBet < 0) return { spread: { '-inf': 1 }, wongIn: null, notes: ['Your table ramp bets nothing at any count: the simulator bets 1 unit flat.'] };
  // Sitting out below the first bet is wonging in at its count.
  const wongIn = firstBet > 0 ? (steps[firstBet] as { tc: number }).tc : null;
  const spread: Record<string, number> = { '-inf': (steps[firstBet] as { units: number }).units };
  let last = spread['-inf'] as number;
  for (const s of steps.slice(firstBet + 1)) {
    if (s.units === 0) {
      notes.push(`Your ramp sits out at ${s.tc > 0 ? '+' : ''}${s.tc} after betting at lower counts; the simulator bets ${last} units there instead.`);
      spread[String(s.tc)] = last;
      continue;
    }
    spread[String(s.tc)] = s.units;
    last = s.units;
  }
  return { spread, wongIn, notes };
}

export function settingsFromTable(table: TableSettings, current: SimSettings): TableImport {
  const notes: string[] = [];
  const { gameSpeed: _speed, ...rules } = table.rules as Rules;
  const c = table.counting;
  const count = { count: c.system, ...(c.system === 'custom' && c.custom ? { custom: c.custom } : {}) } as Pick<SimSettings, 'count' | 'custom'>;
  let spread = current.spread;
  let wongIn = current.wongIn;
  if (table.betRamp) {
    const r = spreadOfRamp(table.betRamp);
    spread = r.spread;
    wongIn = r.wongIn;
    notes.push(...r.notes);
  } else {
    notes.push('Your table has no bet ramp set: the simulator keeps the ramp it has.');
  }
  const hiLo = builtInTwin(countingSystemOf({ system: c.system, custom: c.custom })) === 'hi-lo';
  let indices: SimSettings['indices'] = 'none';
  if (table.indexPlays) {
    if (hiLo) indices = 'i18+fab4';
    else if (precomputedIndices({ rules: table.rules, count: c.system, custom: c.custom, trueCount: { resolution: c.resolution, rounding: c.rounding } })) indices = 'generated';
    else notes.push(`No index table is stored for ${c.system} with these rules: the simulator plays basic strategy (generate one with bj indices).`);
  }
  // The index set is the table's too: withTableIndexSet (table-index-set.ts) puts it back from the server's answer.
  const { custom: _old, indexSet: _set, ...rest } = current;
  const settings: SimSettings = {
    ...rest,
    ...count,
    rules: { ...rules },
    trueCount: { resolution: c.resolution, rounding: c.rounding },
    spread,
    wongIn,
    // A table ramp's sitting out is a wong-in; the wong-out and the spots by count are the simulator's own.
    wongOut: wongIn === null ? (current.wongOut ?? null) : null,
    spots: null,
    indices,
    insurance: indices === 'none' ? 'never' : 'index',
  };
  return { settings, notes };
}
