// `npm run bench`: every engine benchmark, one after another; `npm run bench -- sim coach` runs
// only those named (chart, coach, sim, indices). Speed is reported here, beside its goal, and in
// change notes, never asserted in tests.
const BENCHES = ['chart', 'coach', 'sim', 'indices'];
const asked = process.argv.slice(2);
for (const name of asked) if (!BENCHES.includes(name)) throw new Error(`unknown bench ${name} (one of ${BENCHES.join(', ')})`);

for (const name of BENCHES) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  const mod = (await import(`./${name}.bench.ts`)) as { main(): Promise<void> };
  await mod.main();
}

export {};
