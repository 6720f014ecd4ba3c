import type { PlayerAction } from '@card-counter/engine';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';

// The player's record: every decision and every count check, kept so the trainer can re-deal
// mistakes and the simulator can replay the player's real game. Guests keep it in this
// browser; a server-backed record implements the same interface for signed-in players.

/** A play, or the insurance decision ('insure' / 'noInsurance'). */
export type Decision = PlayerAction | 'insure' | 'noInsurance';

export interface DecisionEntry {
  kind: 'decision';
  at: string;
  /** Card values, 1 = ace, 10 = ten-valued. */
  hand: number[];
  upcard: number;
  trueCount: number;
  chosen: Decision;
  best: Decision;
  /** Credits given away by the choice (0 for the best play). */
  evCost: number;
}

export interface CountCheckEntry {
  kind: 'countCheck';
  at: string;
  asked: 'runningCount';
  expected: number;
  answered: number;
}

export type RecordEntry = DecisionEntry | CountCheckEntry;

export interface DecisionRecord {
  add(entry: RecordEntry): Promise<void>;
  recent(limit: number): Promise<RecordEntry[]>;
}

/** Most recent entries kept in this browser. */
export const LOCAL_RECORD_LIMIT = 2000;

export class LocalDecisionRecord implements DecisionRecord {
  constructor(
    private readonly storageKey: string,
    private readonly limit = LOCAL_RECORD_LIMIT,
  ) {}

  async add(entry: RecordEntry): Promise<void> {
    const entries = this.read();
    entries.push(entry);
    writeStorage(this.storageKey, JSON.stringify(entries.slice(-this.limit)));
  }

  async recent(limit: number): Promise<RecordEntry[]> {
    return this.read().slice(-limit);
  }

  private read(): RecordEntry[] {
    try {
      const parsed: unknown = JSON.parse(readStorage(this.storageKey) ?? '[]');
      return Array.isArray(parsed) ? (parsed as RecordEntry[]) : [];
    } catch {
      return [];
    }
  }
}
