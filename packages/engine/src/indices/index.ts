export * from './table.ts';
export * from './best-play.ts';
export { generateIndices, tableKey, DEFAULT_SAMPLES_PER_BIN, type GenerateOptions, type GeneratedPlay, type IndexTable } from './generate.ts';
export { indexTableFor, precomputedIndices } from './index-table-for.ts';
export { indexPlaysOf, insuranceIndexOf, playsOfTableFor, thresholdOf } from './generated-plays.ts';
export { ShoeSampler, countBin, type SampledShoe } from './sample-shoe.ts';
export { fitCrossing, type BinStat, type Crossing } from './fit.ts';
export { chartHand, entryId, fullSetOf, fullSetPlay, handKeyOf, holdsAt, publishedSetOf, type FullSetInput, type FullSetPlay, type FullIndexSet, type IndexSetAction, type IndexSetPlay } from './full-set.ts';
