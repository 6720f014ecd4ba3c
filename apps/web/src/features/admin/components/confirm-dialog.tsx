import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { Modal } from '@/shared/ui/modal.tsx';

/** Asks before a harmful action (removing credits, blocking, ending sessions); Cancel has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  confirmDisabled = false,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** E.g. a required reason not given yet. */
  confirmDisabled?: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} onClose={onCancel} initialFocus={cancelRef} panelClassName="max-w-md">
      <h2 id={titleId} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      <div className="mb-4 space-y-2 text-sm break-words text-slate-300">{children}</div>
      <FormError error={error} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy || confirmDisabled}>
          {busy ? 'Working...' : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
