import { computeStrategy, parseRules } from '@card-counter/engine';

// Builds a rule set's basic strategy chart off the main thread (about 0.4 s of exact analysis).
self.onmessage = (event: MessageEvent<{ rules: unknown }>) => {
  const { table } = computeStrategy(parseRules(event.data.rules));
  self.postMessage({ table });
};
