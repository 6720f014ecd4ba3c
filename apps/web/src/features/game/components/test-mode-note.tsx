/** In the coach's place during test mode: why it is quiet and when its verdicts come. */
export function TestModeNote({ reports }: { reports: boolean }) {
  return (
    <section aria-label="Test mode" className="rounded-xl border border-amber-400/30 bg-slate-900 p-4" data-testid="test-mode-note">
      <h2 className="text-sm font-bold uppercase tracking-wider text-amber-200">Test mode</h2>
      <p className="mt-1 text-sm text-slate-300">
        Keep the count yourself: the table hides it and the coach is silent.{' '}
        {reports ? 'Count checks ask the running and the true count; the coach’s verdicts come in the shoe report at the shuffle.' : 'Count checks ask the running and the true count.'}
      </p>
    </section>
  );
}
