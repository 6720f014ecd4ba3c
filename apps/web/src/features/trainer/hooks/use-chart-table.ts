import { computeStrategy, type Rules } from '@card-counter/engine';
import { useEffect, useState } from 'react';

// The rules' basic strategy table (the engine's computeStrategy), built in a Web Worker so the
// drill screen stays responsive; on the main thread where workers are unavailable (tests).
const cache = new Map<string, Uint8Array>();

export function useChartTable(rules: Rules): Uint8Array | null {
  const key = JSON.stringify(rules);
  const [table, setTable] = useState<{ key: string; table: Uint8Array } | null>(() => {
    const cached = cache.get(key);
    return cached ? { key, table: cached } : null;
  });
  useEffect(() => {
    if (cache.has(key)) {
      setTable({ key, table: cache.get(key) as Uint8Array });
      return;
    }
    let cancelled = false;
    const done = (t: Uint8Array) => {
      cache.set(key, t);
      if (!cancelled) setTable({ key, table: t });
    };
    if (typeof Worker === 'undefined') {
      done(computeStrategy(rules).table);
      return;
    }
    const worker = new Worker(new URL('../api/strategy-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ table: Uint8Array }>) => {
      done(event.data.table);
      worker.terminate();
    };
    worker.onerror = () => {
      worker.terminate();
      done(computeStrategy(rules).table);
    };
    worker.postMessage({ rules });
    return () => {
      cancelled = true;
      worker.terminate();
    };
    // `key` stands for `rules` (a new object with the same rules must not rebuild the chart).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return table?.key === key ? table.table : null;
}
