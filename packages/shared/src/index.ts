/**
 * The contract's one entry point, `@card-counter/shared`: errors, constants, the API's and the
 * table's schemas. package.json exports only this, `./drills` (the drills' progress summary,
 * code both sides run) and `./zod` (the
 * contract's zod/mini with its messages, for the web app's own schemas), so every name has one
 * spelling. It also marks every module but zod.ts free of side effects: a
 * bundle then keeps only the modules whose names it uses, so the web imports from here and its
 * first download does not carry the admin's or the simulator's schemas.
 */
export * from './errors.ts';
export * from './constants.ts';
export * from './api.ts';
export * from './table.ts';
export * from './custom-count.ts';
