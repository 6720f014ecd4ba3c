import { useQueryClient } from '@tanstack/react-query';
import type { CreditPack } from '@card-counter/shared';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { ME_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { showToast } from '@/shared/stores/toast-store.ts';
import type { ConfirmCard } from '../api/payments-api.ts';
import { runPurchase } from '../api/run-purchase.ts';
import { usePaymentStore } from './payment-store.ts';

/**
 * Pays for `pack` with the card form's confirmation (api/run-purchase.ts); once the server
 * verified it, the profile and the ledger are read again, a toast says what was added, and
 * `onDone` closes the checkout.
 */
export function usePurchase(pack: CreditPack | undefined, userId: string | undefined, onDone: () => void) {
  const queryClient = useQueryClient();
  return async (confirm: ConfirmCard) => {
    const verified = await runPurchase({ pack, userId, confirm, store: usePaymentStore.getState() });
    if (verified === null) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    ]);
    const bonus = verified.bonusCredits > 0 ? ` plus a ${formatCreditsFull(verified.bonusCredits)} first-purchase bonus` : '';
    showToast({ kind: 'info', message: `${formatCreditsFull(verified.credits)} credits added${bonus}. Enjoy the tables!`, duration_ms: 6000 });
    onDone();
  };
}
