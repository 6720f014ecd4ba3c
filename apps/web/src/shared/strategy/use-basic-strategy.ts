import type { Rules } from '@card-counter/engine';
import { startTransition, useEffect, useState } from 'react';
import { builtStrategy, loadStrategy } from './basic-strategy.ts';
import type { BuiltStrategy } from './built-strategy.ts';

/** The rules' basic strategy chart once it is built (null before, and for null rules: nothing is built then). */
export function useBasicStrategy(rules: Rules | null): Uint8Array | null {
  return useStrategy(rules)?.table ?? null;
}

/** The rules' chart, its lookup table and its codes, once built (null before, and for null rules). */
export function useStrategy(rules: Rules | null): BuiltStrategy | null {
  const key = rules === null ? null : JSON.stringify(rules);
  const [chart, setChart] = useState<{ key: string; built: BuiltStrategy } | null>(null);
  useEffect(() => {
    // Built already (preloaded, or by another screen): the first render read it, and setting it
    // here would render the whole caller again for nothing.
    if (rules === null || key === null || builtStrategy(rules) !== null) return;
    let live = true;
    // A transition: the chart's arrival renders its caller again (the whole table), which React
    // may slice and put off for a tap or a key (docs/decisions/0047).
    void loadStrategy(rules).then((built) => {
      if (live) startTransition(() => setChart({ key, built }));
    });
    return () => {
      live = false;
    };
    // `key` stands for `rules` (a new object with the same rules must not rebuild the chart).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (rules === null) return null;
  return chart?.key === key ? chart.built : builtStrategy(rules);
}
