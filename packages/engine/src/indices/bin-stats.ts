// Per-bin weighted sums of sampled EVs. One observation is one sampled shoe (its hands in the
// bin already combined), so observations are independent and the ratio estimator's variance
//   var(sum w x / sum w) ~= sum w^2 (x - m)^2 / (sum w)^2
// is an honest standard error. Cross products are kept so that the SE of the difference of any
// two actions (the quantity whose sign decides the play) comes out of the same sums.
import type { BinStat } from './fit.ts';

export class BinSums {
  private readonly sw: Float64Array;
  private readonly sw2: Float64Array;
  private readonly n: Int32Array;
  private readonly s1: Float64Array;
  private readonly t1: Float64Array;
  private readonly s2: Float64Array;
  /** Actions whose value was missing (not allowed) in some observation. */
  readonly illegal: boolean[];

  constructor(
    readonly lo: number,
    readonly width: number,
    readonly k: number,
  ) {
    this.sw = new Float64Array(width);
    this.sw2 = new Float64Array(width);
    this.n = new Int32Array(width);
    this.s1 = new Float64Array(width * k);
    this.t1 = new Float64Array(width * k);
    this.s2 = new Float64Array(width * k * k);
    this.illegal = new Array<boolean>(k).fill(false);
  }

  /** Adds one observation: weight w and the weighted mean values x (NaN = not allowed). */
  add(bin: number, w: number, x: ArrayLike<number>): void {
    const i = bin - this.lo;
    if (i < 0 || i >= this.width || !(w > 0)) return;
    const k = this.k;
    this.sw[i] = (this.sw[i] as number) + w;
    this.sw2[i] = (this.sw2[i] as number) + w * w;
    this.n[i] = (this.n[i] as number) + 1;
    for (let a = 0; a < k; a++) {
      const xa = x[a] as number;
      if (!Number.isFinite(xa)) {
        this.illegal[a] = true;
        continue;
      }
      this.s1[i * k + a] = (this.s1[i * k + a] as number) + w * xa;
      this.t1[i * k + a] = (this.t1[i * k + a] as number) + w * w * xa;
      for (let b = 0; b < k; b++) {
        const xb = x[b] as number;
        if (Number.isFinite(xb)) this.s2[(i * k + a) * k + b] = (this.s2[(i * k + a) * k + b] as number) + w * w * xa * xb;
      }
    }
  }

  samples(bin: number): number {
    return this.n[bin - this.lo] ?? 0;
  }

  /** Weighted mean of action a in the bin (NaN when the bin is empty). */
  mean(bin: number, a: number): number {
    const i = bin - this.lo;
    const sw = this.sw[i] ?? 0;
    return sw > 0 ? (this.s1[i * this.k + a] as number) / sw : NaN;
  }

  /** Mean and SE of x[a] - x[b] in the bin (b = null: of x[a] alone). */
  stat(bin: number, a: number, b: number | null): BinStat {
    const i = bin - this.lo;
    const k = this.k;
    const sw = this.sw[i] ?? 0;
    const samples = this.n[i] ?? 0;
    if (!(sw > 0)) return { bin, mean: NaN, se: NaN, samples: 0 };
    const sa = (j: number): number => this.s1[i * k + j] as number;
    const ta = (j: number): number => this.t1[i * k + j] as number;
    const cross = (p: number, q: number): number => this.s2[(i * k + p) * k + q] as number;
    const m = (sa(a) - (b === null ? 0 : sa(b))) / sw;
    const sumW2D = ta(a) - (b === null ? 0 : ta(b));
    const sumW2D2 = cross(a, a) + (b === null ? 0 : cross(b, b) - 2 * cross(a, b));
    const ss = sumW2D2 - 2 * m * sumW2D + m * m * (this.sw2[i] as number);
    return { bin, mean: m, se: Math.sqrt(Math.max(0, ss)) / sw, samples };
  }
}
