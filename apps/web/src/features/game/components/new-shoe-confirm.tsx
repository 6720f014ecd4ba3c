import { useId, useRef } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { Modal } from '@/shared/ui/modal.tsx';

export interface NewShoeConfirmProps {
  /** Cards dealt from the shoe so far: what the player gives up (the count they kept). */
  cardsDealt: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "New shoe" throws the shoe in play away (it is revealed at once, and the count starts again):
 * asked first, so a stray click or key never costs a counted shoe. Escape, the backdrop and
 * "Keep this shoe" (focused, so Enter keeps it too) cancel.
 */
export function NewShoeConfirm({ cardsDealt, onConfirm, onCancel }: NewShoeConfirmProps) {
  const titleId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} onClose={onCancel} initialFocus={keepRef} panelClassName="max-w-sm">
      <h2 id={titleId} className="mb-3 text-lg font-bold">
        Throw this shoe away?
      </h2>
      <p className="mb-4 text-sm text-slate-300">
        {cardsDealt > 0 ? `${cardsDealt} cards have been dealt from it. ` : ''}A new shoe is shuffled at the next deal and the
        count starts again from 0; this shoe is revealed now, to check against its commitment.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={keepRef} variant="secondary" onClick={onCancel}>
          Keep this shoe
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          New shoe
        </Button>
      </div>
    </Modal>
  );
}
