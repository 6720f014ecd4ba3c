import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// A small React wrapper over uPlot (the stack's chart library): the chart is rebuilt when its
// data or options change and resized with its container.

export interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
}

export function UPlotChart({ options, data, height, label }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const chart = new uPlot({ ...options, width: Math.max(200, el.clientWidth), height }, data, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);
  return <div ref={box} role="img" aria-label={label} className="tr-uplot w-full" />;
}
