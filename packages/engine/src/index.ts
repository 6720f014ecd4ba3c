// Public surface of the engine. Each area keeps its own barrel; add one line per area.
export * from './rules.ts';
export * from './cards.ts';
export * from './rng.ts';
export * from './sha256.ts';
export * from './shoe.ts';
export * from './counting/index.ts';
export * from './indices/index.ts';
export * from './game/index.ts';
export * from './analysis/index.ts';
export * from './sim/index.ts';
