export function SimulatorPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">Simulator</h1>
      <p className="text-slate-300">The strategy simulator arrives in a coming release.</p>
    </div>
  );
}
