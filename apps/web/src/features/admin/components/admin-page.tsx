export function AdminPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">Admin</h1>
      <p className="text-slate-300">Administration tools arrive in a coming release.</p>
    </div>
  );
}
