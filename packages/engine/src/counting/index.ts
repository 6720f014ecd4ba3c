export * from './systems.ts';
export * from './true-count.ts';
export * from './running-count.ts';
export * from './betting-patterns.ts';
export * from './custom.ts';
export * from './ace-side-count.ts';
