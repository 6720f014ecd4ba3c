import { useEffect, useState } from 'react';
import { countBasis, countQuality, countingSystemOf, type CountBasis, type CountQuality, type CountSpec, type Rules } from '@card-counter/engine';

// What a count is worth for the rules (the engine's count-quality.ts): its betting correlation,
// playing efficiency and insurance correlation. The rules' effects of removal take seconds, so
// they are worked out once per rule set in a worker; a count's three figures from them are
// instant, for any tags. Where there are no workers (unit tests) a screen never starts the work
// itself (it would hold the page for seconds): loadCountBasis() does it on the main thread when
// called, and the screens then show the figures.

const pending = new Map<string, Promise<CountBasis>>();
const built = new Map<string, CountBasis>();

/** The rules the figures depend on: the seats, the pace and insurance being offered do not change them. */
function keyOf(rules: Rules): string {
  return JSON.stringify({ ...rules, gameSpeed: 1, numInitialHands: 1, otherPlayers: 0, otherPlayersErrorPct: 0, insuranceAllowed: false });
}

function buildInWorker(rules: Rules): Promise<CountBasis> {
  const onMain = () => countBasis(rules);
  if (typeof Worker === 'undefined') return Promise.resolve().then(onMain);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./count-basis-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ basis: CountBasis }>) => {
      worker.terminate();
      resolve(event.data.basis);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(onMain());
    };
    worker.postMessage({ rules });
  });
}

export function loadCountBasis(rules: Rules): Promise<CountBasis> {
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

/** The rules' basis once built (null before, and for null rules: nothing is built then). */
function useCountBasis(rules: Rules | null): CountBasis | null {
  const key = rules === null ? null : keyOf(rules);
  const [basis, setBasis] = useState<{ key: string; basis: CountBasis } | null>(null);
  useEffect(() => {
    if (rules === null || key === null || typeof Worker === 'undefined') return;
    let live = true;
    void loadCountBasis(rules).then((b) => live && setBasis({ key, basis: b }));
    return () => {
      live = false;
    };
    // `key` stands for `rules` (a new object with the same rules must not rebuild it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return null;
  return basis?.key === key ? basis.basis : (built.get(key) ?? null);
}

/** BC, PE and IC of `count` for `rules`: null while the rules' basis is being built, or for no rules or no count (a custom one being edited). */
export function useCountQuality(rules: Rules | null, count: CountSpec | null): CountQuality | null {
  const basis = useCountBasis(rules);
  if (basis === null || count === null) return null;
  return countQuality(basis, countingSystemOf(count));
}
