import { computeStrategy, parseRules } from '@card-counter/engine';

// Builds a rule set's basic strategy chart off the main thread (about 0.4 s of exact analysis):
// the lookup table the coach and the drills read, and the chart's codes the Charts screen prints.
self.onmessage = (event: MessageEvent<{ rules: unknown }>) => {
  const { table, chart } = computeStrategy(parseRules(event.data.rules));
  self.postMessage({ table, chart });
};
