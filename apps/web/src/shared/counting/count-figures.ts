import { countBasis, countQuality, parseRules, type CountBasis, type CountQuality, type CountingSystem } from '@card-counter/engine';

// What the count-figures worker does, apart from its wiring (count-basis-worker.ts), so a test
// can run it where there are no workers. Only the worker imports this: the table's first load
// does not carry the engine's count-quality code.

/** A request: the rules, and the count's tags as the engine's system holds them. */
export interface FiguresRequest {
  id: number;
  rules: unknown;
  system: Pick<CountingSystem, 'tags' | 'scale' | 'redSevenBonus'>;
}

export interface FiguresAnswer {
  id: number;
  quality: CountQuality;
}

/** Answers requests, keeping each rule set's effects of removal (seconds to build) for the next ones. */
export function figuresAnswerer(): (request: FiguresRequest) => FiguresAnswer {
  const bases = new Map<string, CountBasis>();
  return (request) => {
    const key = JSON.stringify(request.rules);
    let basis = bases.get(key);
    if (!basis) {
      basis = countBasis(parseRules(request.rules));
      bases.set(key, basis);
    }
    return { id: request.id, quality: countQuality(basis, request.system) };
  };
}
