/** The coach's share of the engine (coach-engine.ts), loaded as a chunk of its own by use-coach.ts. */
export type CoachEngine = typeof import('./coach-engine.ts');
