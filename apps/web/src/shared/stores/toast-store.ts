import { create } from 'zustand';

// Notification toasts (spec section 2): kind error, warning or info, an optional Retry.

export type ToastKind = 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** When set, the toast shows a Retry button that runs it ('Retrying...' while it runs). */
  onRetry?: () => Promise<unknown> | unknown;
  /** Auto-dismiss after this long; undefined keeps the toast until closed. */
  duration_ms?: number;
}

export type ToastInput = Omit<Toast, 'id'>;

/** At most this many toasts stay on screen; the oldest goes first. */
const MAX_TOASTS = 5;

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
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shortcut usable outside React (query callbacks, event handlers). */
export function showToast(toast: ToastInput): number {
  return useToastStore.getState().show(toast);
}
