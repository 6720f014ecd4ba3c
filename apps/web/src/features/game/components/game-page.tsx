export function GamePage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">Game</h1>
      <p className="text-slate-300">The table opens in a coming release.</p>
    </div>
  );
}
