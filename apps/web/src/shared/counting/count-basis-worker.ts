import { countBasis, parseRules } from '@card-counter/engine';

// Works out a rule set's effects of removal for BC, PE and IC off the main thread (about 3 s
// for one deck, 5 s for six: 11 exact analyses of every two-card hand).
self.onmessage = (event: MessageEvent<{ rules: unknown }>) => {
  self.postMessage({ basis: countBasis(parseRules(event.data.rules)) });
};
