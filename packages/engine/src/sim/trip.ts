// Trip and session views of a run: what N hours of this game do to a trip bankroll, from the
// run's own EV and SD. A session is many rounds, so its result is close to normal; a bankroll
// lost at any point of the trip is a Brownian motion with drift crossing -B before time T:
//   P(ruin by T) = Phi((-B - muT) / (s sqrt T)) + e^(-2 mu B / s^2) Phi((-B + muT) / (s sqrt T))
// (the reflection principle; for T -> infinity it is the simulator's closed form e^(-2 mu B / s^2)).
// Per hour counts the rounds dealt at the table, so a wonging run's hours include the rounds it
// watches: the EV and variance per round dealt are the played rounds' scaled by the share played.
import type { SimStats } from './stats.ts';

export interface TripOptions {
  /** Rounds the table deals in an hour (the player's and the others' pace; 100 is a common figure). */
  roundsPerHour: number;
  /** Hours of the trip. */
  hours: number;
  /** The trip's bankroll in units (0: no risk figure). */
  bankroll_units: number;
}

export interface TripView {
  winPerHour: number;
  /** The run's standard error of the win per hour. */
  winPerHourStdErr: number;
  sdPerHour: number;
  /** Expected win over the trip, and the SD of the trip's result. */
  expectedWin: number;
  sdOfTrip: number;
  /** Chance of having lost the trip bankroll at some point during the trip (null without one). */
  riskOfRuin: number | null;
  /** Chance of being behind (result below 0) at the end of the trip. */
  chanceBehind: number;
  /** Hours until the expected win equals the bankroll (null without an edge or a bankroll). */
  hoursToDouble: number | null;
}

type RunFigures = Pick<SimStats, 'ev' | 'evStdErr' | 'sd' | 'rounds' | 'roundsPlayed'>;

function check(name: string, x: number, min: number, max: number): void {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < min || x > max) throw new RangeError(`${name} must be a number ${min}..${max} (got ${x})`);
}

/** EV, its standard error and the SD per hour, over the rounds dealt. */
export function perHour(r: RunFigures, roundsPerHour: number): { win: number; winStdErr: number; sd: number } {
  check('rounds per hour', roundsPerHour, 1, 10_000);
  const share = r.rounds > 0 ? r.roundsPlayed / r.rounds : 0;
  const mean = r.ev * share;
  const second = share * (r.sd * r.sd + r.ev * r.ev);
  const variance = Math.max(0, second - mean * mean);
  return { win: mean * roundsPerHour, winStdErr: r.evStdErr * share * roundsPerHour, sd: Math.sqrt(variance * roundsPerHour) };
}

export function tripView(r: RunFigures, o: TripOptions): TripView {
  check('hours', o.hours, 0.01, 100_000);
  check('bankroll', o.bankroll_units, 0, 1e9);
  const h = perHour(r, o.roundsPerHour);
  const mu = h.win * o.hours;
  const s = h.sd * Math.sqrt(o.hours);
  const b = o.bankroll_units;
  let ruin: number | null = null;
  if (b > 0) ruin = s > 0 ? Math.min(1, normalCdf((-b - mu) / s) + Math.exp((-2 * h.win * b) / (h.sd * h.sd) + logNormalCdf((-b + mu) / s))) : mu <= -b ? 1 : 0;
  return {
    winPerHour: h.win,
    winPerHourStdErr: h.winStdErr,
    sdPerHour: h.sd,
    expectedWin: mu,
    sdOfTrip: s,
    riskOfRuin: ruin,
    chanceBehind: s > 0 ? normalCdf(-mu / s) : mu < 0 ? 1 : 0,
    hoursToDouble: h.win > 0 && b > 0 ? b / h.win : null,
  };
}

/**
 * log erfc(z) for z >= 0 (Numerical Recipes' erfcc, relative error below 1.2e-7), in logs so
 * the tails stay finite where a product with a huge exponential needs them.
 */
function logErfc(z: number): number {
  const t = 1 / (1 + 0.5 * z);
  const poly = -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return Math.log(t) - z * z + poly;
}

/** log Phi(x), the standard normal CDF. */
export function logNormalCdf(x: number): number {
  if (x < 0) return Math.log(0.5) + logErfc(-x / Math.SQRT2);
  return Math.log1p(-0.5 * Math.exp(logErfc(x / Math.SQRT2)));
}

export function normalCdf(x: number): number {
  return Math.exp(logNormalCdf(x));
}
