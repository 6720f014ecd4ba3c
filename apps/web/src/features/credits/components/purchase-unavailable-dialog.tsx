import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog.tsx';

/**
 * Credit packs are sold from a later release; until then the purchase control says so
 * plainly instead of showing a form that cannot complete.
 */
export interface PurchaseUnavailableDialogProps {
  isGuest: boolean;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

export function PurchaseUnavailableDialog({ isGuest, onClose, fallbackFocus }: PurchaseUnavailableDialogProps) {
  return (
    <Dialog title="Purchase Credits" onClose={onClose} fallbackFocus={fallbackFocus}>
      <p>Credit packs are not available yet. Until they are, you can claim the daily bonus on your profile.</p>
      {isGuest ? (
        <p className="mt-2">
          Buying credits will need an account:{' '}
          <Link className="text-emerald-300 underline" to="/auth/signup" onClick={onClose}>
            create one
          </Link>
          .
        </p>
      ) : (
        <p className="mt-2">
          <Link className="text-emerald-300 underline" to="/profile#daily-bonus" onClick={onClose}>
            Go to the daily bonus
          </Link>
        </p>
      )}
    </Dialog>
  );
}
