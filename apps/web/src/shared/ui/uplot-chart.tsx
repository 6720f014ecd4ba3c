// A small React wrapper over uPlot (the stack's chart library: ~25 KB gzip, fast), for the
// simulator's and the trainer's charts: makes the plot once per options, feeds new data in
// place, and follows its container's width.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UplotChartProps {
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  /** Accessible description of what the chart shows (the numbers are also in the table). */
  label: string;
}

export function UplotChart({ options, data, label }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const u = new uPlot({ ...options, width: Math.max(200, el.clientWidth) }, data, el);
    plot.current = u;
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height: options.height }));
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      u.destroy();
      plot.current = null;
    };
    // Data changes go through setData below; a new plot only for new options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return <div ref={box} role="img" aria-label={label} className="w-full min-w-0 overflow-hidden" />;
}
