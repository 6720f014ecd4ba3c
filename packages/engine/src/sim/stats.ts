// From a merged accumulator to the figures counters use. Conventions (per round played, in
// units of the initial one-unit bet): ev = mean result, sd = its standard deviation,
// DI = 1000 * ev / sd, SCORE = DI^2 (= 1e6 * ev^2 / var: the win per 100 rounds with a
// 10,000-unit bankroll at optimal bet), N0 = var / ev^2 (rounds to overcome one SD),
// risk of ruin: closed form e^(-2 ev B / var) (infinite horizon, ev > 0, else 1) and, to
// compare with the simulated trips (lose the bankroll or double it), 1 / (1 + e^(2 ev B / var)).
import {
  ACC_BINS,
  ACC_HANDS,
  ACC_INSURANCE,
  ACC_ROUNDS,
  ACC_ROUNDS_PLAYED,
  ACC_SHOES,
  ACC_SUM,
  ACC_SUM2,
  ACC_SHOE_SUMS,
  ACC_SUM_HAND_UNITS,
  ACC_TRIPS,
  ACC_TRIPS_RUINED,
  ACC_TRIPS_UNFINISHED,
  ACC_UNITS,
  BIN_STRIDE,
  TC_BINS,
  TC_MIN,
} from './layout.ts';

export interface TrueCountRow {
  tc: number;
  /** Share of rounds played at this count. */
  frequency: number;
  rounds: number;
  /** Mean result per round at this count (units) and its standard error. */
  ev: number;
  evStdErr: number;
  /** Result per unit bet at this count. */
  evPerUnitBet: number;
  avgBet: number;
}

export interface RiskOfRuin {
  bankroll_units: number;
  /** e^(-2 ev B / var), infinite play. */
  closedForm: number;
  /** Closed form for "lose B before winning B", the event the trips simulate. */
  closedFormBeforeDoubling: number;
  /** Share of simulated trips lost (null when no trip finished). */
  simulated: number | null;
  trips: number;
  /** Trips left unfinished (a chunk reached its round limit first); not in `simulated`. */
  unfinishedTrips: number;
}

export interface SimStats {
  rounds: number;
  roundsPlayed: number;
  hands: number;
  shoes: number;
  unitsBet: number;
  /** Total stake put at risk, doubles and splits included. */
  unitsAtRisk: number;
  ev: number;
  evStdErr: number;
  evPer100: number;
  evPer100StdErr: number;
  /** SD of the result of 100 rounds. */
  sdPer100: number;
  /** ev as a fraction of the initial units bet (e.g. -0.0034 = -0.34%). */
  evPerUnitBet: number;
  evPerUnitBetStdErr: number;
  sd: number;
  /** Standard error of `sd` (delta method, the rounds of a shoe taken together). */
  sdStdErr: number;
  di: number;
  diStdErr: number;
  score: number;
  /** Standard error of `score`: the delta method on (mean, variance), shoes as clusters. */
  scoreStdErr: number;
  n0: number | null;
  n0StdErr: number | null;
  avgBet: number;
  insuranceBets: number;
  riskOfRuin: RiskOfRuin | null;
  perTrueCount: TrueCountRow[];
}

const at = (a: Float64Array, i: number): number => a[i] as number;

export function summarize(acc: Float64Array, bankroll_units: number): SimStats {
  const n = at(acc, ACC_ROUNDS_PLAYED);
  const sum = at(acc, ACC_SUM);
  const units = at(acc, ACC_UNITS);
  const ev = n > 0 ? sum / n : 0;
  const variance = n > 1 ? Math.max(0, (at(acc, ACC_SUM2) - n * ev * ev) / (n - 1)) : 0;
  const sd = Math.sqrt(variance);
  const se = n > 0 ? sd / Math.sqrt(n) : 0;
  const avgBet = n > 0 ? units / n : 0;
  const perTrueCount: TrueCountRow[] = [];
  for (let i = 0; i < TC_BINS; i++) {
    const b = ACC_BINS + i * BIN_STRIDE;
    const k = at(acc, b);
    if (k === 0) continue;
    const m = at(acc, b + 1) / k;
    const v = k > 1 ? Math.max(0, (at(acc, b + 2) - k * m * m) / (k - 1)) : 0;
    perTrueCount.push({
      tc: TC_MIN + i,
      frequency: k / n,
      rounds: k,
      ev: m,
      evStdErr: Math.sqrt(v / k),
      evPerUnitBet: at(acc, b + 3) > 0 ? at(acc, b + 1) / at(acc, b + 3) : 0,
      avgBet: at(acc, b + 3) / k,
    });
  }
  let riskOfRuin: RiskOfRuin | null = null;
  if (bankroll_units > 0) {
    const a = variance > 0 ? (2 * ev) / variance : 0;
    const trips = at(acc, ACC_TRIPS);
    riskOfRuin = {
      bankroll_units,
      closedForm: ev > 0 && variance > 0 ? Math.exp(-a * bankroll_units) : 1,
      closedFormBeforeDoubling: variance > 0 ? 1 / (1 + Math.exp(a * bankroll_units)) : 0.5,
      simulated: trips > 0 ? at(acc, ACC_TRIPS_RUINED) / trips : null,
      trips,
      unfinishedTrips: at(acc, ACC_TRIPS_UNFINISHED),
    };
  }
  const di = sd > 0 ? (1000 * ev) / sd : 0;
  const se2 = secondOrderErrors(acc, n, ev, variance);
  return {
    rounds: at(acc, ACC_ROUNDS),
    roundsPlayed: n,
    hands: at(acc, ACC_HANDS),
    shoes: at(acc, ACC_SHOES),
    unitsBet: units,
    unitsAtRisk: at(acc, ACC_SUM_HAND_UNITS),
    ev,
    evStdErr: se,
    evPer100: 100 * ev,
    evPer100StdErr: 100 * se,
    sdPer100: 10 * sd,
    evPerUnitBet: avgBet > 0 ? ev / avgBet : 0,
    evPerUnitBetStdErr: avgBet > 0 ? se / avgBet : 0,
    sd,
    sdStdErr: se2.sd,
    di,
    diStdErr: se2.di,
    score: di * di,
    scoreStdErr: se2.score,
    n0: ev !== 0 ? variance / (ev * ev) : null,
    n0StdErr: ev !== 0 ? se2.n0 : null,
    avgBet,
    insuranceBets: at(acc, ACC_INSURANCE),
    riskOfRuin,
    perTrueCount,
  };
}

/**
 * Standard errors of SD, DI, SCORE and N0 by the delta method on the mean m and the variance v
 * of the rounds played, with the rounds of a shoe taken together (a cluster): a shoe's counts,
 * bets and results go together, and with a bet ramp the big rounds bunch in the same shoes, so
 * treating rounds as independent understated the SD's error by half (test/sim-errors.test.ts
 * holds each error to the spread of its figure over independent seeds). Per shoe s, with k_s
 * rounds, A_s their results and B_s their squares, the influence of the shoe on m is
 * A_s - k_s m and on v is u_s = (B_s - k_s a2) - 2 m (A_s - k_s m); Var(m) = sum (A_s - k_s m)^2
 * / n^2, Var(v) = sum u_s^2 / n^2, Cov(m, v) = sum (A_s - k_s m) u_s / n^2, all from the six sums
 * over shoes the loop keeps (ACC_SHOE_SUMS). Decision record 0066.
 */
function secondOrderErrors(acc: Float64Array, n: number, m: number, v: number): { sd: number; di: number; score: number; n0: number } {
  if (n < 2 || v <= 0) return { sd: 0, di: 0, score: 0, n0: 0 };
  const a2 = at(acc, ACC_SUM2) / n;
  const [kk, ka, aa, kb, ab, bb] = [0, 1, 2, 3, 4, 5].map((i) => at(acc, ACC_SHOE_SUMS + i)) as [number, number, number, number, number, number];
  const dA2 = aa - 2 * m * ka + m * m * kk; // sum (A - k m)^2
  const dB2 = bb - 2 * a2 * kb + a2 * a2 * kk; // sum (B - k a2)^2
  const dAB = ab - m * kb - a2 * ka + a2 * m * kk; // sum (A - k m)(B - k a2)
  const n2 = n * n;
  const varM = Math.max(0, dA2) / n2;
  const varV = Math.max(0, dB2 - 4 * m * dAB + 4 * m * m * dA2) / n2;
  const cov = (dAB - 2 * m * dA2) / n2;
  const quad = (gm: number, gv: number): number => Math.sqrt(Math.max(0, gm * gm * varM + gv * gv * varV + 2 * gm * gv * cov));
  const sd = Math.sqrt(v);
  return {
    sd: Math.sqrt(varV) / (2 * sd),
    di: quad(1000 / sd, (-500 * m) / (v * sd)),
    score: quad((2e6 * m) / v, (-1e6 * m * m) / (v * v)),
    n0: m !== 0 ? quad((-2 * v) / (m * m * m), 1 / (m * m)) : 0,
  };
}
