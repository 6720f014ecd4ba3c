import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { useToastStore, type Toast, type ToastKind } from '../../../shared/stores/toast-store.ts';

const KIND_CLASSES: Record<ToastKind, string> = {
  error: 'border-rose-500 bg-rose-950 text-rose-100',
  warning: 'border-amber-500 bg-amber-950 text-amber-100',
  info: 'border-sky-500 bg-sky-950 text-sky-100',
};

const KIND_LABELS: Record<ToastKind, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const show = useToastStore((s) => s.show);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (toast.duration_ms === undefined) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.duration_ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration_ms, dismiss]);

  const retry = async () => {
    if (!toast.onRetry) return;
    setRetrying(true);
    try {
      await toast.onRetry();
      dismiss(toast.id);
    } catch (error) {
      // The retry failed again: replace this toast by one with the new message, still retryable.
      dismiss(toast.id);
      show({ kind: toast.kind, message: errorMessage(error), onRetry: toast.onRetry });
    }
  };

  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-kind={toast.kind}
      className={`flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}
    >
      <span className="sr-only">{KIND_LABELS[toast.kind]}:</span>
      <p className="flex-1 text-sm">{toast.message}</p>
      {toast.onRetry ? (
        <button
          type="button"
          className="rounded bg-white/10 px-2 py-1 text-xs font-semibold hover:bg-white/20 disabled:opacity-60"
          onClick={() => void retry()}
          disabled={retrying}
        >
          {retrying ? 'Retrying...' : 'Retry'}
        </button>
      ) : null}
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
