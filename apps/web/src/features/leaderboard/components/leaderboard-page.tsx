export function LeaderboardPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">Leaderboard</h1>
      <p className="text-slate-300">The leaderboard opens in a coming release.</p>
    </div>
  );
}
