import {
  basicStrategyRules,
  cardFromCode,
  createGame,
  cryptoRng,
  decisionCount,
  dealtCodes,
  parseRules,
  countingSystemOf,
  rememberBasicStrategyTable,
  restoreGameState,
  runningCountOf,
  step,
  visible,
  type CountingOptions,
  type GameAction,
  type GameState,
  type Rng,
  type ShoeState,
} from '@card-counter/engine';
import { CREDIT_COST_HAND, TABLE_LIMITS } from '@card-counter/shared';
import { readStorage, writeStorage } from '@/shared/lib/storage.ts';
import { loadBasicStrategy, loadStrategy } from '@/shared/strategy/basic-strategy.ts';
import { TableRefusal, type TableSnapshot, type TableSource } from './table-source.ts';

// The engine running in the browser: a guest's table, or a signed-in player's offline table.
// The whole state (shoe included) stays inside this module and localStorage; what leaves it
// is the visible() projection, exactly what a server would send.

interface Stored {
  version: number;
  state: GameState;
}

export interface LocalTableOptions {
  storageKey: string;
  /** Balance of a brand-new table. */
  initialBalance: number;
  /** Tests pass a seeded generator; play uses the browser's CSPRNG. */
  rng?: Rng;
  /** A shoe to deal from first (tests and drills stack it). */
  shoe?: ShoeState;
}

export class LocalTableSource implements TableSource {
  readonly kind = 'local' as const;
  private stored: Stored;
  private readonly rng: Rng;

  constructor(private readonly options: LocalTableOptions) {
    this.rng = options.rng ?? cryptoRng();
    this.stored = restore(options.storageKey) ?? { version: 0, state: createGame({ balance: options.initialBalance, shoe: options.shoe ?? null }) };
  }

  async load(): Promise<TableSnapshot> {
    return this.snapshot();
  }

  async act(action: GameAction): Promise<TableSnapshot> {
    // Computer seats play the rules' chart inside the step: built off the main thread first.
    const rules = this.stored.state.config;
    if (rules.otherPlayers > 0) rememberBasicStrategyTable(rules, await loadBasicStrategy(basicStrategyRules(rules)));
    const state = this.stored.state;
    if (action.type === 'bet') this.checkBetLimits(action.amount);
    // A player sitting out is dealt no hand: no fee.
    const fee = action.type === 'deal' && !state.sittingOut ? CREDIT_COST_HAND * state.handBets.length : 0;
    if (fee > 0 && state.currentBet + fee > state.balance && state.handBets.every((b) => b > 0)) this.refuse('Insufficient credits.');
    const result = step(fee > 0 ? { ...state, balance: state.balance - fee } : state, action, this.rng);
    if (!result.ok) this.refuse(result.reason);
    this.commit(result.state);
    return this.snapshot();
  }

  async setCounting(counting: CountingOptions): Promise<TableSnapshot> {
    const s = this.stored.state;
    if (s.gameInProgress) this.refuse('The count can only change between rounds.');
    // Between rounds every dealt card is face up, so the new system's count is exact.
    // Dealt cards only: the burn card is never seen (ADR 0042).
    const dealt = s.deck ? dealtCodes(s.deck).map(cardFromCode) : [];
    let sys: ReturnType<typeof countingSystemOf>;
    try {
      sys = countingSystemOf(counting);
    } catch (e) {
      this.refuse(e instanceof Error ? e.message : 'This count cannot be used.');
    }
    const runningCount = runningCountOf(sys, dealt, s.config.numDecks);
    const remaining = s.deck ? s.deck.cards.length - s.deck.position : s.config.numDecks * 52;
    this.commit({ ...s, counting, runningCount, runningCountAtBet: runningCount, trueCount: decisionCount(sys, runningCount, remaining, counting) });
    return this.snapshot();
  }

  /** The browser's table keeps no record beyond the reveal in its state: the page's own memory of the commitment is the proof. */
  lastShoe(): Promise<null> {
    return Promise.resolve(null);
  }

  private checkBetLimits(amount: number): void {
    if (amount !== 0 && (amount < TABLE_LIMITS.minBet || amount > TABLE_LIMITS.maxBet)) {
      this.refuse(`Bets are ${TABLE_LIMITS.minBet} to ${TABLE_LIMITS.maxBet} credits per spot.`);
    }
  }

  private refuse(reason: string): never {
    throw new TableRefusal(reason, this.snapshot());
  }

  private commit(state: GameState): void {
    this.stored = { version: this.stored.version + 1, state };
    writeStorage(this.options.storageKey, JSON.stringify(this.stored));
  }

  private snapshot(): TableSnapshot {
    return { version: this.stored.version, state: visible(this.stored.state) };
  }
}

/**
 * Starts building the basic strategy chart of the table stored under `storageKey` (or of a new
 * table's rules) off the main thread, before the table mounts: the coach reads it at its first
 * render instead of re-rendering the whole table when it arrives (app/game-modes.tsx).
 */
export function preloadLocalChart(storageKey: string): void {
  const rules = restore(storageKey)?.state.config ?? parseRules({});
  loadStrategy(rules).catch(() => undefined);
}

/** A stored table, or null when there is none or it does not check out (a fresh table then). */
function restore(key: string): Stored | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Stored;
    if (!Number.isInteger(parsed.version) || typeof parsed.state !== 'object' || parsed.state === null) return null;
    return { version: parsed.version, state: restoreGameState(parsed.state) };
  } catch {
    return null;
  }
}
