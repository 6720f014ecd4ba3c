import { computeStrategy, parseRules } from '@card-counter/engine';

// Builds the rules' basic strategy chart off the main thread (about half a second of exact analysis).
self.onmessage = (event: MessageEvent<{ rules: unknown }>) => {
  const { table } = computeStrategy(parseRules(event.data.rules));
  self.postMessage({ table });
};
