import { useEffect, useState } from 'react';
import { countingSystemOf, countKey, type CountQuality, type CountSpec, type Rules } from '@card-counter/engine';
import type { FiguresAnswer, FiguresRequest } from './count-figures.ts';

// What a count is worth for the rules (the engine's count-quality.ts): its betting correlation,
// playing efficiency and insurance correlation, worked out in one long-lived worker that keeps
// each rule set's effects of removal (seconds to build) and answers a count's figures in
// milliseconds, live as tags are typed. The main thread never imports that code (it would land
// in the table's first load). Where there are no workers the figures are not shown.

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (quality: CountQuality) => void>();

function figuresWorker(): Worker {
  if (worker === null) {
    worker = new Worker(new URL('./count-basis-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<FiguresAnswer>) => {
      waiting.get(event.data.id)?.(event.data.quality);
      waiting.delete(event.data.id);
    };
  }
  return worker;
}

/** The rules the figures depend on: the seats, the pace and insurance being offered do not change them. */
function rulesKey(rules: Rules): Rules {
  return { ...rules, gameSpeed: 1, numInitialHands: 1, otherPlayers: 0, otherPlayersErrorPct: 0, insuranceAllowed: false };
}

function requestFigures(rules: Rules, count: CountSpec): Promise<CountQuality> {
  const { tags, scale, redSevenBonus } = countingSystemOf(count);
  const request: FiguresRequest = { id: nextId++, rules: rulesKey(rules), system: { tags: [...tags], scale, redSevenBonus } };
  return new Promise((resolve) => {
    waiting.set(request.id, resolve);
    figuresWorker().postMessage(request);
  });
}

/**
 * BC, PE and IC of `count` for `rules`: null while the rules' effects of removal are being
 * worked out, and for no rules or no count (a custom one being typed that is not a count yet).
 * While a new count's figures are on their way, the last ones for the same rules stay shown.
 */
export function useCountQuality(rules: Rules | null, count: CountSpec | null): CountQuality | null {
  const rKey = rules === null ? null : JSON.stringify(rulesKey(rules));
  const cKey = count === null ? null : countKey(count);
  const [shown, setShown] = useState<{ rules: string; count: string; quality: CountQuality } | null>(null);
  useEffect(() => {
    if (rules === null || count === null || rKey === null || cKey === null || typeof Worker === 'undefined') return;
    let live = true;
    void requestFigures(rules, count).then((quality) => live && setShown({ rules: rKey, count: cKey, quality }));
    return () => {
      live = false;
    };
    // The keys stand for `rules` and `count` (new objects with the same contents ask nothing new).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rKey, cKey]);
  if (rKey === null || cKey === null || shown === null || shown.rules !== rKey) return null;
  return shown.quality;
}
