import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A small modal dialog: labelled by its title, closes on Escape and on its Close button. */
export function Dialog({ title, onClose, children }: DialogProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-sm rounded-xl bg-slate-900 p-6 shadow-xl">
        <h2 id={titleId} className="mb-3 text-lg font-bold">
          {title}
        </h2>
        <div className="mb-4 text-sm text-slate-300">{children}</div>
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
