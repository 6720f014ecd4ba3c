import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { cardValue, currentHand, type FullIndexSet, type PlayerAction, type VisibleGameState } from '@card-counter/engine';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import { useBasicStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { decidingHand, decisionEntry, decisionVerdict, type InsuranceVerdict, type Verdict } from '../model/coach-verdicts.ts';
import { splitsAtSpot } from '../model/legal-moves.ts';
import { knownComposition } from '../model/shoe-knowledge.ts';
import type { CoachEngine } from '../model/coach-engine-types.ts';
import type { CoachIndex, TableAdvice } from '../model/coach-index.ts';
import type { TablePrefs } from './use-table-prefs.ts';

export type { InsuranceVerdict, Verdict };

export interface CoachTotals {
  decisions: number;
  correct: number;
  edgeGivenAway: number;
}

export interface CoachHandle {
  /** Advice for the hand being decided now (null when no decision is pending or the coach is off). */
  advice: TableAdvice | null;
  verdict: Verdict | null;
  totals: CoachTotals;
  /** Records a decision about to be sent and returns its verdict. */
  judge: (chosen: PlayerAction) => Verdict | null;
  insurance: InsuranceVerdict | null;
  judgeInsurance: (take: boolean) => void;
  /** Records the early-surrender answer about to be sent (decision record 0050). */
  judgeEarlySurrender: (take: boolean) => void;
}

const EMPTY_TOTALS: CoachTotals = { decisions: 0, correct: 0, edgeGivenAway: 0 };

let coachEngine: Promise<CoachEngine> | null = null;
let loadedCoachEngine: CoachEngine | null = null;

function importCoachEngine(): Promise<CoachEngine> {
  coachEngine ??= import('../model/coach-engine.ts').then((m) => (loadedCoachEngine = m));
  return coachEngine;
}

/**
 * Starts the coach's chunk while the startup screen shows (app/game-modes.tsx): a table that
 * mounts with it already here renders once, not again when it arrives (a second render of the
 * whole table, 25-50 ms on a phone, in the page's first seconds).
 */
export function preloadCoachEngine(): void {
  importCoachEngine().catch(() => undefined);
}

/**
 * Resolves once the coach's chunk is here. Tests await it before the first deal: a decision
 * taken before the chunk arrives gets no verdict (CI once clicked Stand first on a loaded machine).
 */
export async function coachEngineLoaded(): Promise<void> {
  await importCoachEngine();
}

/** The coach's share of the engine, a chunk of its own: null until it has arrived (like the chart, below). */
function useCoachEngine(): CoachEngine | null {
  const [engine, setEngine] = useState(loadedCoachEngine);
  useEffect(() => {
    if (engine) return;
    let live = true;
    // A transition: the table rendered again with advice is work React may slice and put off for
    // a tap or a key (docs/decisions/0047); the coach has nothing to say until a hand is dealt.
    void importCoachEngine().then((m) => {
      if (live) startTransition(() => setEngine(m));
    });
    return () => {
      live = false;
    };
  }, [engine]);
  return engine;
}

/**
 * The index plays for the player's count and rules, and the count they are read at: on a server
 * table the full set the record's grader grades by (fetched after the first screen), else, and
 * while it is generated or loading, the named plays (model/coach-index.ts).
 */
function useIndexSource(state: VisibleGameState | null, engine: CoachEngine | null, set: FullIndexSet | null) {
  const config = state?.config ?? null;
  const counting = state?.counting ?? null;
  const source: CoachIndex | null = useMemo(() => (engine && config && counting ? engine.coachIndexOf(engine, config, counting, set) : null), [engine, config, counting, set]);
  const indexCount = source?.countKind === 'running' ? state?.runningCount : state?.trueCount;
  return { source, indexCount };
}

/** The coach's advice for the hand being decided, by basic strategy and (when on) the index plays. */
function useAdvice(
  state: VisibleGameState | null,
  prefs: TablePrefs,
  engine: CoachEngine | null,
  { source, indexCount }: ReturnType<typeof useIndexSource>,
): TableAdvice | null {
  const enabled = prefs.coach !== 'off';
  // Built off the main thread; the advice is recomputed once it lands.
  const chart = useBasicStrategy(enabled ? (state?.config ?? null) : null);
  return useMemo(() => {
    if (!state || !enabled || !engine) return null;
    const h = decidingHand(state);
    const up = state.dealerCards[0];
    if (!h || !up || h.cards.length < 2) return null;
    const hand = h.cards.map(cardValue);
    const upcard = cardValue(up);
    if (!source) return null;
    const full = prefs.indexPlays && source.full ? { full: source.full } : {};
    const advice = engine.adviseHand(
      {
        rules: state.config,
        shoe: knownComposition(state, [...hand, upcard]),
        hand,
        upcard,
        trueCount: state.trueCount,
        fromSplit: h.fromSplit,
        splitAces: h.splitAces,
        handsAtSpot: splitsAtSpot(state, h.spot) + 1,
        index: prefs.indexPlays && source.plays && indexCount !== undefined ? { plays: source.plays, count: indexCount, ...full } : null,
        beforePeek: state.gamePhase === 'surrender',
      },
      chart,
    );
    return engine.namedAdvice(advice, source);
  }, [state, enabled, engine, prefs.indexPlays, chart, source, indexCount]);
}

/** Names the round on the table: a new deal (or a new shoe) is a new round. */
function roundOf(state: VisibleGameState | null): string {
  return state ? `${state.deck?.commitment ?? 'new'}:${state.roundStartPosition}` : '';
}

/** A verdict belongs to the round it judged: the next deal clears it (never left beside a new hand). */
interface Judged<T> {
  round: string;
  v: T;
}

/** Takes the session's totals once they arrive, if nothing has been counted here meanwhile. */
function useSessionSeed(sessionTotals: (() => Promise<CoachTotals | null>) | undefined, setTotals: (f: (now: CoachTotals) => CoachTotals) => void): void {
  useEffect(() => {
    if (!sessionTotals) return;
    let live = true;
    sessionTotals().then(
      (t) => live && t !== null && setTotals((now) => (now.decisions === 0 ? t : now)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sessionTotals, setTotals]);
}

/**
 * `fullSet`: the full index set the server grades this table by, when it has arrived (ADR 0074).
 * `sessionTotals`: the session so far from the server's record (a server table), so the coach's
 * box keeps the session when the table is shown again (issue 39: back on the Table tab it read
 * "– (0 of 0)" while the record held the session). Taken only while nothing is counted here yet.
 */
export function useCoach(state: VisibleGameState | null, prefs: TablePrefs, record: PlayRecord, sessionTotals?: () => Promise<CoachTotals | null>, fullSet: FullIndexSet | null = null): CoachHandle {
  const round = roundOf(state);
  const [judged, setVerdict] = useState<Judged<Verdict> | null>(null);
  const [insured, setInsurance] = useState<Judged<InsuranceVerdict> | null>(null);
  const verdict = judged?.round === round ? judged.v : null;
  const insurance = insured?.round === round ? insured.v : null;
  const [totals, setTotals] = useState(EMPTY_TOTALS);
  useSessionSeed(sessionTotals, setTotals);
  const enabled = prefs.coach !== 'off';
  const engine = useCoachEngine();
  // `fullSet`: a server table's full set (hooks/use-full-index-set.tsx), what the record grades by.
  const index = useIndexSource(state, engine, fullSet);
  const { source, indexCount } = index;
  const advice = useAdvice(state, prefs, engine, index);
  const count = useCallback((correct: boolean, cost: number) => {
    // The edge given away counts only the plays the coach would change (decision record 0059),
    // as the shoe report and the record do: the coach's own play gives nothing away.
    setTotals((t) => ({ decisions: t.decisions + 1, correct: t.correct + (correct ? 1 : 0), edgeGivenAway: t.edgeGivenAway + (correct ? 0 : cost) }));
  }, []);

  const judge = useCallback(
    (chosen: PlayerAction): Verdict | null => {
      const v = state && advice && engine ? decisionVerdict(engine, state, advice, chosen) : null;
      const h = state ? currentHand(state) : null;
      if (!v || !h) return null;
      setVerdict({ round, v });
      setInsurance(null);
      count(v.correct, v.cost);
      record.add(decisionEntry(v, h.bet));
      return v;
    },
    [engine, state, advice, record, count, round],
  );

  const judgeInsurance = useCallback(
    (take: boolean) => {
      const up = state?.dealerCards[0];
      if (!state || !up || !enabled || !engine) return;
      const insuranceIndex = prefs.indexPlays ? (source?.insuranceIndex ?? null) : null;
      const v = engine.insuranceVerdict(engine, state, take, insuranceIndex, indexCount ?? null);
      setInsurance({ round, v });
      setVerdict(null);
      count(take === v.shouldTake, v.cost);
      record.add(engine.insuranceEntry(state, v, cardValue(up)));
    },
    [engine, state, enabled, prefs.indexPlays, record, source, indexCount, count, round],
  );

  const judgeEarlySurrender = useCallback(
    (take: boolean) => {
      const v = state && advice && engine ? engine.earlySurrenderVerdict(engine, state, advice, take) : null;
      const h = state ? decidingHand(state) : null;
      if (!v || !h || !engine) return;
      setVerdict({ round, v });
      setInsurance(null);
      count(v.correct, v.cost);
      record.add(engine.earlySurrenderEntry(v, h.bet));
    },
    [engine, state, advice, record, count, round],
  );

  return { advice, verdict, totals, judge, insurance, judgeInsurance, judgeEarlySurrender };
}
