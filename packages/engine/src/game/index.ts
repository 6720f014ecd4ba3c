export * from './types.ts';
export * from './rule-predicates.ts';
export * from './create.ts';
export * from './reducer.ts';
export * from './visible.ts';
