import { figuresAnswerer, type FiguresRequest } from './count-figures.ts';

// BC, PE and IC off the main thread: a rule set's effects of removal take a few seconds (about
// 3 s for one deck, 5 s for six), a count's figures from them a few milliseconds.
const answer = figuresAnswerer();
self.onmessage = (event: MessageEvent<FiguresRequest>) => {
  self.postMessage(answer(event.data));
};
