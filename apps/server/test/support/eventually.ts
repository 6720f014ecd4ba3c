/**
 * Polls until a read satisfies a predicate, for what the server does in the background (a job
 * that runs, a refresher that ranks, a grader that catches up): no sleep guesses, and a bound,
 * so a test that waits for something that never comes fails with the last value read.
 */
const READS_MAX = 600;
const PAUSE_ms = 50;

export async function eventually<T>(read: () => Promise<T>, pred: (v: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < READS_MAX; i++) {
    last = await read();
    if (pred(last)) return last;
    await new Promise((r) => setTimeout(r, PAUSE_ms));
  }
  throw new Error(`${what}: never true after ${READS_MAX} reads ${PAUSE_ms} ms apart; last ${JSON.stringify(last)}`);
}
