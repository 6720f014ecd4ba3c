// Public surface of the engine. Each area keeps its own barrel; add one line per area.
export * from './rules.ts';
