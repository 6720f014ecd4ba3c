/**
 * Polls until a read satisfies a predicate, for what the server does in the background (a job
 * that runs, a refresher that ranks, a grader that catches up): no sleep guesses, and a bound,
 * so a test that waits for something that never comes fails with the last value read.
 */
export interface EventuallyOptions {
  /** How many reads at most (the bound on the loop); 600 by default (30 s at the default pause). */
  attempts_max?: number;
  /** The pause between reads; 50 ms by default. */
  every_ms?: number;
}

export async function eventually<T>(read: () => Promise<T>, pred: (v: T) => boolean, what: string, options: EventuallyOptions = {}): Promise<T> {
  const attempts_max = options.attempts_max ?? 600;
  const every_ms = options.every_ms ?? 50;
  let last: T | undefined;
  for (let i = 0; i < attempts_max; i++) {
    last = await read();
    if (pred(last)) return last;
    await new Promise((r) => setTimeout(r, every_ms));
  }
  throw new Error(`${what}: never true after ${attempts_max} reads ${every_ms} ms apart; last ${JSON.stringify(last)}`);
}
