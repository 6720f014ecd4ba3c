import { useEffect, useState } from 'react';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { toastAction, useToastStore, type Toast, type ToastKind } from '@/shared/stores/toast-store.ts';

const KIND_CLASSES: Record<ToastKind, string> = {
  error: 'border-rose-500 bg-rose-950 text-rose-100',
  warning: 'border-amber-500 bg-amber-950 text-amber-100',
  info: 'border-sky-500 bg-sky-950 text-sky-100',
};

const KIND_LABELS: Record<ToastKind, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const show = useToastStore((s) => s.show);
  const [running, setRunning] = useState(false);
  const action = toastAction(toast);

  useEffect(() => {
    if (toast.duration_ms === undefined) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.duration_ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration_ms, dismiss]);

  const run = async () => {
    if (!action) return;
    setRunning(true);
    try {
      await action.run();
      dismiss(toast.id);
    } catch (error) {
      // The action failed: replace this toast by one with the new message, the action still offered.
      dismiss(toast.id);
      show({ kind: 'error', message: errorMessage(error), onRetry: toast.onRetry, action: toast.action });
    }
  };

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-kind={toast.kind}
      className={`flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}
    >
      <span className="sr-only">{KIND_LABELS[toast.kind]}:</span>
      {/* The action sits under the message so that a long message keeps the toast's width. */}
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">{toast.message}</p>
        {action ? (
          <button
            type="button"
            className="mt-2 rounded bg-white/10 px-2 py-1 text-xs font-semibold hover:bg-white/20 disabled:opacity-60"
            onClick={() => void run()}
            disabled={running}
          >
            {running ? action.pendingLabel : action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        className="rounded px-2 text-lg leading-none hover:bg-white/10"
        onClick={() => dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Renders the toast store; mounted once at the app root. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  if (toasts.length === 0) return null;
  return (
    <div className="fixed bottom-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
