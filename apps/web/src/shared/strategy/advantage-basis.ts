import { startTransition, useEffect, useState } from 'react';
import type { AdvantageBasis, Rules } from '@card-counter/engine';

// A rule set's advantage basis (decision record 0030: the exact edge off the top and the removal
// effects), what a bet's cost against the ramp is read from: the same engine function the
// server's record grades with, so the table shows what the record keeps. Built once per rule set
// off the main thread; on the main thread where there are no workers (tests), with the exact
// analysis imported only then (build-here.ts).

const pending = new Map<string, Promise<AdvantageBasis>>();
const built = new Map<string, AdvantageBasis>();
const keyOf = (rules: Rules) => JSON.stringify(rules);

function buildInWorker(rules: Rules): Promise<AdvantageBasis> {
  const onMain = () => import('./build-here.ts').then((m) => m.buildAdvantageBasisHere(rules));
  if (typeof Worker === 'undefined') return onMain();
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./advantage-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ basis: AdvantageBasis }>) => {
      worker.terminate();
      resolve(event.data.basis);
    };
    worker.onerror = () => {
      worker.terminate();
      void onMain().then(resolve);
    };
    worker.postMessage({ rules });
  });
}

export function loadAdvantageBasis(rules: Rules): Promise<AdvantageBasis> {
  const key = keyOf(rules);
  let basis = pending.get(key);
  if (basis === undefined) {
    basis = buildInWorker(rules).then((b) => {
      built.set(key, b);
      return b;
    });
    pending.set(key, basis);
  }
  return basis;
}

/** The rules' advantage basis once built (null before, and for null rules: nothing is built then). */
export function useAdvantageBasis(rules: Rules | null): AdvantageBasis | null {
  const key = rules === null ? null : keyOf(rules);
  const [basis, setBasis] = useState<{ key: string; basis: AdvantageBasis } | null>(null);
  useEffect(() => {
    // Built already: the first render read it, and setting it here would render the caller again.
    if (rules === null || key === null || built.has(key)) return;
    let live = true;
    // A transition, as the chart's (use-basic-strategy.ts; docs/decisions/0047).
    void loadAdvantageBasis(rules).then((b) => {
      if (live) startTransition(() => setBasis({ key, basis: b }));
    });
    return () => {
      live = false;
    };
    // `key` stands for `rules` (a new object with the same rules must not rebuild it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return null;
  return basis?.key === key ? basis.basis : (built.get(key) ?? null);
}
