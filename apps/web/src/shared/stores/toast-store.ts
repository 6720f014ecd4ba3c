import { create } from 'zustand';

// Notification toasts: kind error, warning or info, with an optional action button.

export type ToastKind = 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  /** The button's text while `run` is pending. */
  pendingLabel: string;
  /** Closes the toast when it resolves; a rejection replaces it by an error toast with the same action. */
  run: () => Promise<unknown> | unknown;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Shorthand for the action 'Retry' ('Retrying...' while it runs). */
  onRetry?: () => Promise<unknown> | unknown;
  action?: ToastAction;
  /** Auto-dismiss after this long; undefined keeps the toast until closed. */
  duration_ms?: number;
}

export type ToastInput = Omit<Toast, 'id'>;

/** At most this many toasts stay on screen; the oldest goes first. */
const TOASTS_MAX = 5;

interface ToastState {
  toasts: Toast[];
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId;
    nextId += 1;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-TOASTS_MAX) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shortcut usable outside React (query callbacks, event handlers). */
export function showToast(toast: ToastInput): number {
  return useToastStore.getState().show(toast);
}

/** The toast's button, if any: its action, else Retry when it has a retry handler. */
export function toastAction(toast: Pick<Toast, 'action' | 'onRetry'>): ToastAction | undefined {
  if (toast.action) return toast.action;
  if (toast.onRetry) return { label: 'Retry', pendingLabel: 'Retrying...', run: toast.onRetry };
  return undefined;
}
