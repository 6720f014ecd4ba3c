import type { DrillAnswer, DrillId } from '@card-counter/shared';
import type { Rng } from '@card-counter/engine';
import { newItemState, reviewItem, type ItemState } from './fsrs.ts';
import { pick } from './random.ts';

// Weak-spot dealing for one drill session. Which item comes next:
//   1. an item missed in this session, once REDEAL_AFTER other items have been asked (a miss
//      comes back within the session, not in ten minutes);
//   2. items FSRS says are due, the most overdue first (past sessions' misses and slow answers);
//   3. items never answered, at random (so the whole chart gets covered);
//   4. otherwise the item due soonest (reviewing ahead), never the one just asked when there is another.
// Every answer updates the item's FSRS state, so a missed item is due before a known one.

export const REDEAL_AFTER = 3;
/** Misses waiting to come back; past this the oldest go (the pool keeps them due anyway). */
const PENDING_MISSES_MAX = 50;

export class DrillScheduler {
  private readonly states = new Map<string, ItemState>();
  private misses: { item: string; at: number }[] = [];
  private asked = 0;
  private last: string | null = null;

  constructor(
    readonly drill: DrillId,
    private pool: readonly string[],
    history: readonly DrillAnswer[],
    private readonly rng: Rng,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (pool.length === 0) throw new RangeError('a drill needs at least one item');
    for (const a of history) {
      if (a.drill !== drill) continue;
      const at = new Date(a.answeredAt);
      this.states.set(a.item, reviewItem(this.states.get(a.item) ?? newItemState(at), a, at));
    }
  }

  /** Narrows or widens the items dealt (e.g. "repeat my errors"); states are kept. */
  setPool(pool: readonly string[]): void {
    if (pool.length === 0) throw new RangeError('a drill needs at least one item');
    this.pool = pool;
  }

  due(item: string): Date | null {
    return this.states.get(item)?.due ?? null;
  }

  next(): string {
    const inPool = new Set(this.pool);
    const miss = this.misses.find((m) => this.asked - m.at >= REDEAL_AFTER && inPool.has(m.item));
    if (miss) {
      this.misses = this.misses.filter((m) => m !== miss);
      return this.hand(miss.item);
    }
    const now = this.now().getTime();
    const seen = this.pool.filter((i) => this.states.has(i) && i !== this.last);
    const overdue = seen.filter((i) => (this.states.get(i) as ItemState).due.getTime() <= now);
    if (overdue.length > 0) return this.hand(this.soonest(overdue));
    const fresh = this.pool.filter((i) => !this.states.has(i) && i !== this.last);
    if (fresh.length > 0) return this.hand(pick(this.rng, fresh));
    if (seen.length > 0) return this.hand(this.soonest(seen));
    return this.hand(this.pool[0] as string);
  }

  record(answer: Pick<DrillAnswer, 'item' | 'correct' | 'time_ms' | 'answeredAt' | 'cards'>): void {
    const at = new Date(answer.answeredAt);
    const state = this.states.get(answer.item) ?? newItemState(at);
    const graded = { drill: this.drill, correct: answer.correct, time_ms: answer.time_ms, ...(answer.cards === undefined ? {} : { cards: answer.cards }) };
    this.states.set(answer.item, reviewItem(state, graded, at));
    if (!answer.correct) {
      this.misses.push({ item: answer.item, at: this.asked });
      if (this.misses.length > PENDING_MISSES_MAX) this.misses.shift();
    }
  }

  private soonest(items: string[]): string {
    return items.reduce((a, b) => ((this.states.get(a) as ItemState).due <= (this.states.get(b) as ItemState).due ? a : b));
  }

  private hand(item: string): string {
    this.asked++;
    this.last = item;
    return item;
  }
}
