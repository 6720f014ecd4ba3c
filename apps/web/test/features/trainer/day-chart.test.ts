// The Progress chart's date axis (model/day-chart.ts), read back from a real uPlot built with
// the page's options, so the test sees the axis a player sees.
import uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { DrillDay } from '@card-counter/shared';
import { DAY_AXIS_MIN_s, DAY_s, dayAxisRange, dayChartData, dayChartOptions, dayPoint_s } from '@/features/trainer/model/day-chart.ts';

const day = (d: string, answers = 4, correct = 3): DrillDay => ({ day: d, answers, correct, medianTime_ms: 1200 });

/** Does nothing, whatever is asked of it: jsdom has no canvas, and only uPlot's scales are read here. */
const inert = (): unknown => new Proxy(function () {}, { get: (_t, k) => (k === 'measureText' ? () => ({ width: 10 }) : inert()), apply: () => inert(), construct: () => inert() as object, set: () => true });

/** The x scale uPlot draws for these days. */
async function drawnRange(days: DrillDay[]): Promise<[number, number]> {
  const proto = HTMLCanvasElement.prototype as unknown as { getContext: () => unknown };
  const saved = proto.getContext;
  proto.getContext = inert;
  const g = globalThis as unknown as { Path2D?: unknown };
  const savedPath = g.Path2D;
  g.Path2D = inert();
  const el = document.createElement('div');
  document.body.append(el);
  try {
    const u = new uPlot({ ...dayChartOptions(days), width: 800 }, dayChartData(days), el);
    // uPlot commits its scales and draws in a microtask.
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    const range: [number, number] = [u.scales.x!.min!, u.scales.x!.max!];
    // ...and the axis was laid out on it (ticks inside it), not only stored.
    const ticks = (u.axes[0] as unknown as { _splits: number[] | null })._splits;
    expect(ticks?.length).toBeGreaterThan(1);
    for (const t of ticks ?? []) expect(t >= range[0] && t <= range[1]).toBe(true);
    u.destroy();
    return range;
  } finally {
    proto.getContext = saved;
    g.Path2D = savedPath;
    el.remove();
  }
}

describe("the Progress chart's date axis", () => {
  it('bug: one day of answers drew an axis from Jan 2027 to Jul 2029 with the point at the left edge: it is a week around the point', async () => {
    const days = [day('2027-01-14')];
    const [min, max] = await drawnRange(days);
    const point = dayPoint_s('2027-01-14');
    expect(max - min).toBe(DAY_AXIS_MIN_s);
    expect(point - min).toBe(DAY_AXIS_MIN_s / 2);
    expect(max - point).toBe(DAY_AXIS_MIN_s / 2);
  });

  it('spans the days answered, half a day beyond the first and the last, once they cover more than a week', async () => {
    const days = [day('2027-01-01'), day('2027-01-05'), day('2027-02-10')];
    expect(await drawnRange(days)).toEqual([dayPoint_s('2027-01-01') - DAY_s / 2, dayPoint_s('2027-02-10') + DAY_s / 2]);
  });

  it('two days close together sit inside a week, centred', () => {
    const [min, max] = dayAxisRange([day('2027-03-01'), day('2027-03-02')])!;
    expect(max - min).toBe(DAY_AXIS_MIN_s);
    expect((min + max) / 2).toBe((dayPoint_s('2027-03-01') + dayPoint_s('2027-03-02')) / 2);
  });

  it('has no range without days', () => {
    expect(dayAxisRange([])).toBeNull();
  });
});
