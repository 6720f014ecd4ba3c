import type { CountingOptions, GameAction, ShoeReveal, VisibleGameState } from '@card-counter/engine';
import type { TableReport, TableTraining, TableTrainingSettings } from '@card-counter/shared';

// The one seam between the table screen and whoever deals: the browser's own engine (guests,
// offline play) or, later, the server's API. The screen sees only what visible() shows: never
// the hole card before it is turned, never the shoe order.

export interface TableSnapshot {
  /** Increases with every applied action; a server source sends it back for concurrency checks. */
  version: number;
  state: VisibleGameState;
  /**
   * The server's training (ADR 0028): the coach's standard, the open count check (the question,
   * never its answer) and the last verdict. Absent on the local engine, whose screen keeps them.
   */
  training?: TableTraining;
}

/** An action the table refused, with the reason to show the player and the table as it stands. */
export class TableRefusal extends Error {
  constructor(
    message: string,
    readonly snapshot: TableSnapshot,
  ) {
    super(message);
    this.name = 'TableRefusal';
  }
}

/** A replaced shoe as the dealer published it: the commitment shown at its shuffle and the reveal. */
export interface PublishedShoe {
  commitment: string;
  reveal: ShoeReveal;
}

export interface TableSource {
  /** Where the credits live: 'local' tables never touch the server. */
  readonly kind: 'local' | 'server';
  load(): Promise<TableSnapshot>;
  /** Applies one engine action; rejects with TableRefusal when the table refuses it. */
  act(action: GameAction): Promise<TableSnapshot>;
  /** The counting system and true-count convention; between rounds only. */
  setCounting(options: CountingOptions): Promise<TableSnapshot>;
  /**
   * The last replaced shoe as the dealer keeps it on record (the server's GET /api/table/shoes),
   * or null when the dealer keeps none beyond the table's own reveal (the local engine).
   */
  lastShoe(): Promise<PublishedShoe | null>;
  /**
   * Calls `onSnapshot` with each newer table another tab or device made, until the returned
   * function is called. Absent where nobody else can act (the local engine).
   */
  follow?(onSnapshot: (snapshot: TableSnapshot) => void): () => void;
  /** Changes the server's index-plays switch or count-check mode (any time). Absent on the local engine. */
  setTraining?(settings: Partial<TableTrainingSettings>): Promise<TableSnapshot>;
  /**
   * Answers the server's open count check `id`; the answer's `training.lastCountCheck` is the
   * verdict. Rejects with TableRefusal (NO_COUNT_CHECK) when the check lapsed. Absent on the local engine.
   */
  answerCountCheck?(id: string, answer: number, trueCount?: number): Promise<TableSnapshot>;
  /**
   * The server's report of a shoe (its commitment) or, without one, of the session: counted
   * from its graded record (GET /api/table/report). Absent on the local engine.
   */
  report?(shoe?: string): Promise<TableReport>;
}
