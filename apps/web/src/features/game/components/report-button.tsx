/** Opens the session's report on demand. */
export function ReportButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} aria-label="Session report" className="rounded-xl border border-slate-700 bg-slate-900 px-4 py-2.5 text-left text-sm font-semibold text-slate-200 hover:bg-slate-800">
      Session report <span className="block text-xs font-normal text-slate-400">Count checks, play errors, edge given away, time per round</span>
    </button>
  );
}
