export * from './errors.ts';
export * from './constants.ts';
export * from './api.ts';
export * from './table.ts';
