export * from './table.ts';
export * from './best-play.ts';
