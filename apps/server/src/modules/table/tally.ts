/**
 * The rounds, stakes and time the shoe reports need beside the record (decision record 0031):
 * per shoe (the last TABLE_REPORT_SHOES_MAX, by commitment) and for the session, kept in the
 * table's training column and moved by the action that settles a round. A round's time runs
 * from the end of the round before it (its betting included) to its own end; a pause longer
 * than TABLE_ROUND_TIME_MAX_ms is a break and counts as that much. A session ends after
 * TABLE_SESSION_GAP_ms without a settled round, or at a reset. Pure.
 */
import type { GameState } from '@card-counter/engine';
import { TABLE_REPORT_SHOES_MAX, TABLE_ROUND_TIME_MAX_ms, TABLE_SESSION_GAP_ms } from '@card-counter/shared';

export interface Span {
  /** When its first round was dealt (ISO 8601). */
  since: string;
  rounds: number;
  bet_credits: number;
  time_ms: number;
}

export interface ShoeSpan extends Span {
  shoe: string;
}

export interface Tally {
  session: Span | null;
  /** Oldest first; the current shoe is the last once a round of it settled. */
  shoes: ShoeSpan[];
  /** The last deal (ISO 8601), where a round's time starts after a break. */
  dealtAt: string | null;
  /** The last settled round's end (ISO 8601). */
  endedAt: string | null;
}

export const EMPTY_TALLY: Tally = { session: null, shoes: [], dealtAt: null, endedAt: null };

function isSpan(x: unknown): x is Span {
  const o = x as Partial<Span> | null;
  return o != null && typeof o.since === 'string' && typeof o.rounds === 'number' && typeof o.bet_credits === 'number' && typeof o.time_ms === 'number';
}

/** The stored tally (absent before this release) as a Tally. */
export function tallyOf(raw: unknown): Tally {
  const o = (raw ?? {}) as Partial<Tally>;
  return {
    session: isSpan(o.session) ? o.session : null,
    shoes: Array.isArray(o.shoes) ? o.shoes.filter((s): s is ShoeSpan => isSpan(s) && typeof (s as ShoeSpan).shoe === 'string') : [],
    dealtAt: typeof o.dealtAt === 'string' ? o.dealtAt : null,
    endedAt: typeof o.endedAt === 'string' ? o.endedAt : null,
  };
}

function add(span: Span, bet_credits: number, time_ms: number): Span {
  return { ...span, rounds: span.rounds + 1, bet_credits: span.bet_credits + bet_credits, time_ms: span.time_ms + time_ms };
}

/** The tally after an accepted step: a deal marks its time, a settled round is added, a reset ends the session. */
export function tallyAfter(t: Tally, actionType: string, next: GameState, roundEnded: boolean, now: Date): Tally {
  if (actionType === 'reset') return { ...t, session: null, dealtAt: null, endedAt: null };
  let out = actionType === 'deal' ? { ...t, dealtAt: now.toISOString() } : t;
  if (!roundEnded || next.lastResult === null) return out;
  const end = now.getTime();
  const dealt = out.dealtAt === null ? end : Date.parse(out.dealtAt);
  const prevEnd = out.endedAt === null ? null : Date.parse(out.endedAt);
  // The betting before the deal is part of the round unless the pause was a break.
  const start = prevEnd !== null && dealt - prevEnd <= TABLE_ROUND_TIME_MAX_ms ? prevEnd : dealt;
  const time_ms = Math.max(0, Math.min(end - start, TABLE_ROUND_TIME_MAX_ms));
  const bet = next.lastResult.totalBet;
  const fresh = (): Span => ({ since: out.dealtAt ?? now.toISOString(), rounds: 0, bet_credits: 0, time_ms: 0 });
  const session = out.session !== null && prevEnd !== null && end - prevEnd <= TABLE_SESSION_GAP_ms ? out.session : fresh();
  const commitment = next.deck?.commitment ?? null;
  let shoes = out.shoes;
  if (commitment !== null) {
    const last = shoes.at(-1);
    const current: ShoeSpan = last?.shoe === commitment ? last : { ...fresh(), shoe: commitment };
    shoes = [...shoes.filter((s) => s.shoe !== commitment), { ...current, ...add(current, bet, time_ms) }].slice(-TABLE_REPORT_SHOES_MAX);
  }
  out = { ...out, session: add(session, bet, time_ms), shoes, endedAt: now.toISOString() };
  return out;
}
