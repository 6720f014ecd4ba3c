// Where two actions' EVs cross: a weighted least-squares line through the per-bin means of the
// EV difference, weighted by 1 / SE^2 of each bin's mean. Far from the crossing the difference
// bends (the count stops describing the shoe at extreme counts), so the line is fitted once over
// every usable bin and then again over the bins near the first estimate (see fitCrossing).
//
// Sampling error of the crossing: the fitted difference at x is a + b*x with variance
// var(a) + x^2 var(b) + 2x cov(a, b); near the crossing a change e in that value moves the
// crossing by e / b (delta method), so SE(x*) = SE(a + b x*) / |b|.

export interface BinStat {
  readonly bin: number;
  /** Weighted mean of the EV difference in the bin (units of the initial bet). */
  readonly mean: number;
  /** Its standard error. */
  readonly se: number;
  /** Independent samples behind it. */
  readonly samples: number;
}

export interface Crossing {
  /** The count at which the fitted difference is zero (a real number). */
  readonly at: number;
  /** Standard error of `at`, from the sampling error of the bin means. */
  readonly se: number;
  /** Change of the EV difference per count point. */
  readonly slope: number;
}

/** Bins with fewer samples carry no usable error estimate. */
export const MIN_SAMPLES_PER_BIN = 3;
export const FIT_HALF_WIDTH = 4;
const RECENTRE_MAX = 4;
/** A slope within this many of its SEs of zero is no count dependence at all. */
const SLOPE_Z_MIN = 2;
/** Smallest SE a bin may claim (a handful of identical samples would otherwise weigh infinitely). */
const SE_FLOOR = 1e-6;

function wls(stats: readonly BinStat[]): { a: number; b: number; vaa: number; vbb: number; vab: number } | null {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const s of stats) {
    const w = 1 / Math.max(s.se, SE_FLOOR) ** 2;
    sw += w;
    sx += w * s.bin;
    sy += w * s.mean;
    sxx += w * s.bin * s.bin;
    sxy += w * s.bin * s.mean;
  }
  const det = sw * sxx - sx * sx;
  if (stats.length < 3 || !(det > 0)) return null;
  const b = (sw * sxy - sx * sy) / det;
  const a = (sy - b * sx) / sw;
  // With weights 1/SE^2 the inverse normal matrix is the covariance of (a, b).
  return { a, b, vaa: sxx / det, vbb: sw / det, vab: -sx / det };
}

/**
 * The crossing of the EV difference with zero, or null when it shows no trend with the count.
 * Around the first estimate the narrow window is tried first, then a window twice as wide, then
 * every bin: a narrow window can be flat where the difference moves in a step (a running count
 * mixes every depth of the shoe, so KO's plays turn sharply near its key count). The window is
 * recentred on its own estimate, so a first estimate pulled away by a bend does not stick.
 */
export function fitCrossing(all: readonly BinStat[]): Crossing | null {
  const usable = all.filter((s) => s.samples >= MIN_SAMPLES_PER_BIN && Number.isFinite(s.mean));
  const first = wls(usable);
  if (!first || first.b === 0) return null;
  const x0 = -first.a / first.b;
  const trending = (f: ReturnType<typeof wls>): boolean => f !== null && Math.abs(f.b) >= SLOPE_Z_MIN * Math.sqrt(f.vbb);
  const around = (x: number): ReturnType<typeof wls> => {
    for (const half of [FIT_HALF_WIDTH, 2 * FIT_HALF_WIDTH]) {
      const near = usable.filter((s) => Math.abs(s.bin - x) <= half);
      const f = near.length >= 3 ? wls(near) : null;
      if (trending(f)) return f;
    }
    return null;
  };
  // Recentre the window on each new estimate until it settles (half a point) or RECENTRE_MAX.
  let fit: ReturnType<typeof wls> = null;
  let x = x0;
  for (let round = 0; round < RECENTRE_MAX; round++) {
    const f = around(x);
    if (!f) break;
    fit = f;
    const next = -f.a / f.b;
    if (Math.abs(next - x) < 0.5) break;
    x = next;
  }
  if (!fit && trending(first)) fit = first;
  if (!fit) return null;
  const at = -fit.a / fit.b;
  const varValue = fit.vaa + at * at * fit.vbb + 2 * at * fit.vab;
  return { at, se: Math.sqrt(Math.max(0, varValue)) / Math.abs(fit.b), slope: fit.b };
}
