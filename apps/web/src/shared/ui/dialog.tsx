import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** See Modal: where the focus goes on close if the opener has gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** A small message dialog: its title, its text and a Close button (focused on opening). */
export function Dialog({ title, onClose, children, fallbackFocus }: DialogProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={closeRef}
      fallbackFocus={fallbackFocus}
      panelClassName="max-w-sm"
    >
      <h2 id={titleId} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      <div className="mb-4 text-sm break-words text-slate-300">{children}</div>
      <Button ref={closeRef} variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Modal>
  );
}
