import { advantageBasis, computeStrategy, parseRules } from '@card-counter/engine';

// Works out a rule set's advantage basis off the main thread (its chart, then 11 exact
// evaluations of it: about a second for six decks).
self.onmessage = (event: MessageEvent<{ rules: unknown }>) => {
  const rules = parseRules(event.data.rules);
  self.postMessage({ basis: advantageBasis(rules, computeStrategy(rules).table) });
};
