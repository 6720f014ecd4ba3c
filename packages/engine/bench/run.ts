// `npm run bench`: every engine benchmark, one after another. Speed is reported here and in
// change notes, never asserted in tests.
const BENCHES = ['./chart.bench.ts', './coach.bench.ts', './sim.bench.ts', './indices.bench.ts'];

for (const path of BENCHES) {
  const mod = (await import(path)) as { main(): Promise<void> };
  await mod.main();
}

export {};
