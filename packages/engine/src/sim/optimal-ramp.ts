// The optimal bet ramp for a bankroll and a chosen risk of ruin, in the manner of CVCX: at each
// true count the bet is proportional to the advantage over the variance there (Kelly), scaled
// so that the closed-form risk of ruin e^(-2 B μ / σ²) of the positive-count bets equals the
// chosen risk; counts without an advantage get the minimum bet; bets are rounded to chip units,
// capped, and made non-decreasing in the count. The advantage and variance at each count come
// from a simulation's per-true-count table (any ramp: the advantage per unit bet at a count does
// not depend on the bet there). Simulate the ramp it gives to read its real EV and risk.
import type { TrueCountRow } from './stats.ts';

export interface OptimalRampOptions {
  /** The per-true-count rows of a run with these rules, count and play. */
  perTrueCount: readonly TrueCountRow[];
  /** Bankroll in units of the minimum bet. */
  bankroll_units: number;
  /** Chosen risk of ruin, 0 < risk < 1 (e.g. 0.05). */
  risk: number;
  /** Largest bet in units (the table maximum or the spread the player dares). */
  maxBet_units: number;
  /** Bets are multiples of this many units (1 = whole units; 0.5 for a $5 chip over a $10 unit). */
  chip_units?: number;
  /** Counts seen fewer times than this are too noisy to size a bet on; they take the previous count's bet. */
  minRounds?: number;
}

export interface OptimalRampRow {
  tc: number;
  /** Result per unit bet at this count. */
  advantage: number;
  /** Variance of one round's result per unit bet squared. */
  variance: number;
  /** The unrounded optimal bet (units), before the cap. */
  optimal_units: number;
  /** The bet the ramp places (rounded, capped, non-decreasing). */
  bet_units: number;
}

export interface OptimalRamp {
  /** The ramp as a spread for SimPlanOptions: "-inf" and each count where the bet changes. */
  spread: Record<string, number>;
  rows: OptimalRampRow[];
  /** Bet at the first count with an advantage / the minimum (the spread the ramp needs). */
  spreadRatio: number;
}

/** Variance of a round per unit bet when a count has too few rounds to estimate it (blackjack's ~1.3). */
const FALLBACK_VARIANCE = 1.3;

export function optimalRamp(o: OptimalRampOptions): OptimalRamp {
  const chip = o.chip_units ?? 1;
  const minRounds = o.minRounds ?? 2000;
  if (!(o.bankroll_units > 0 && Number.isFinite(o.bankroll_units))) throw new RangeError(`bankroll must be a positive number of units (got ${o.bankroll_units})`);
  if (!(o.risk > 0 && o.risk < 1)) throw new RangeError(`risk of ruin must be between 0 and 1, exclusive (got ${o.risk})`);
  if (!(o.maxBet_units >= 1 && Number.isFinite(o.maxBet_units))) throw new RangeError(`maximum bet must be at least 1 unit (got ${o.maxBet_units})`);
  if (!(chip > 0 && chip <= o.maxBet_units)) throw new RangeError(`chip size must be positive and at most the maximum bet (got ${chip})`);
  if (o.perTrueCount.length === 0) throw new RangeError('the per-true-count table is empty: simulate first');
  // μ/σ² of bets b = c·a/v is 1/c, so e^(-2B/c) = risk gives c = 2B / -ln(risk).
  const scale = (2 * o.bankroll_units) / -Math.log(o.risk);
  const rows: OptimalRampRow[] = [];
  let previous = 1;
  const sorted = [...o.perTrueCount].sort((a, b) => a.tc - b.tc);
  for (const r of sorted) {
    const enough = r.rounds >= minRounds && r.avgBet > 0;
    const variance = enough ? (r.evStdErr * r.evStdErr * r.rounds) / (r.avgBet * r.avgBet) : FALLBACK_VARIANCE;
    const advantage = r.evPerUnitBet;
    const optimal = enough && advantage > 0 && variance > 0 ? (scale * advantage) / variance : 0;
    let bet = enough ? Math.max(1, Math.min(o.maxBet_units, Math.round(optimal / chip) * chip)) : previous;
    // A higher count never gets a smaller bet (noise at a count must not make the ramp dip).
    if (r.tc > 0) bet = Math.max(bet, previous);
    bet = Math.min(o.maxBet_units, Math.max(1, bet));
    rows.push({ tc: r.tc, advantage, variance, optimal_units: optimal, bet_units: bet });
    previous = bet;
  }
  const spread: Record<string, number> = { '-inf': 1 };
  let last = 1;
  for (const row of rows) {
    if (row.tc <= 0 && row.bet_units <= 1) continue;
    if (row.bet_units !== last) spread[String(row.tc)] = row.bet_units;
    last = row.bet_units;
  }
  const top = Math.max(...rows.map((r) => r.bet_units));
  return { spread, rows, spreadRatio: top };
}
