import { Suspense, useId, useState, type RefObject } from 'react';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { useQueryClient } from '@tanstack/react-query';
import { CREDIT_PACKS, REWARD_FIRST_PURCHASE, type CreditPack } from '@card-counter/shared';
import { useAppConfig } from '@/shared/config/use-app-config.ts';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { ME_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { CloseIcon, GiftIcon } from '@/shared/ui/icons.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import type { ConfirmCard } from '../api/payments-api.ts';
import { usePaymentStore } from '../hooks/payment-store.ts';
import { usePurchase } from '../hooks/use-purchase.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { PackPicker } from './pack-picker.tsx';
import { defaultPack, formatPrice } from '../model/price.ts';
import { SignInRequired } from './sign-in-required.tsx';

// Stripe's libraries (and Stripe.js from Stripe's host) load only on a deployment whose provider
// is Stripe, when its card form is first shown: the demo provider never fetches them.
const StripeCardForm = lazyChunk(() => import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })));

export interface PurchaseModalProps {
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      aria-label="Close"
      onClick={onClose}
      className="absolute top-3 right-3 flex h-9 w-9 items-center justify-center rounded-full text-slate-400 hover:bg-slate-800 hover:text-white"
    >
      <CloseIcon className="h-5 w-5" />
    </button>
  );
}

function Checkout({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const user = useUserState();
  const queryClient = useQueryClient();
  const [packId, setPackId] = useState<CreditPack['id'] | undefined>(defaultPack(CREDIT_PACKS)?.id);
  const pack = CREDIT_PACKS.find((p) => p.id === packId);
  const isProcessing = usePaymentStore((s) => s.isProcessing);
  const firstPurchase = user !== null && !user.isGuest && !hasBonus(queryClient);
  const pay = usePurchase(pack, user?.userId, onClose);
  return (
    <div className="grid gap-x-6 gap-y-5 md:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
      {/* A div, not a header: the dialog sits at the top of the page, where a header is a second banner landmark. */}
      <div className="pr-10 md:col-span-2">
        <h2 id={titleId} className="text-2xl font-bold text-white">
          Purchase Credits
        </h2>
        <p className="mt-1 text-sm text-slate-400">Practice money for the tables, drills and the simulator.</p>
      </div>
      <div className="min-w-0">
        <PackPicker selected={packId} onSelect={setPackId} disabled={isProcessing} />
        {firstPurchase ? (
          <p className="mt-4 flex items-center gap-2 rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
            <GiftIcon className="shrink-0" />
            First purchase: +{formatCreditsFull(REWARD_FIRST_PURCHASE)} bonus credits
          </p>
        ) : null}
        <ul className="mt-4 hidden flex-col gap-1.5 text-sm text-slate-400 md:flex">
          <li>Credits arrive on your balance the moment the payment clears.</li>
          <li>One payment, no subscription.</li>
          <li>Credits are practice money: they are never cashed out or transferred.</li>
        </ul>
      </div>
      <PayPanel pack={pack} onPay={(c) => void pay(c)} />
    </div>
  );
}

/** The pack's price, the payment's error and the card form of the deployment's provider (Stripe, or the demo one). */
function PayPanel({ pack, onPay }: { pack: CreditPack | undefined; onPay: (confirm: ConfirmCard) => void }) {
  const config = useAppConfig();
  const isProcessing = usePaymentStore((s) => s.isProcessing);
  const error = usePaymentStore((s) => s.error);
  const payLabel = isProcessing ? 'Processing...' : `Pay ${pack ? formatPrice(pack.price) : ''}`;
  const disabled = isProcessing || pack === undefined;
  const payments = config.data?.payments;
  return (
    <div className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-700 bg-slate-950/60 p-4">
      <div className="flex items-baseline justify-between border-b border-slate-800 pb-3" aria-live="polite">
        <span className="text-sm text-slate-300">{pack ? `${formatCreditsFull(pack.credits)} credits` : 'No pack selected'}</span>
        <span className="text-xl font-bold text-white">{pack ? formatPrice(pack.price) : ''}</span>
      </div>
      <FormError message={error} />
      {payments === undefined ? (
        <p role="status" className="text-sm text-slate-400">
          Loading payment form...
        </p>
      ) : payments.mode === 'stripe' && payments.publishableKey ? (
        <Suspense fallback={<p role="status" className="text-sm text-slate-400">Loading payment form...</p>}>
          <StripeCardForm publishableKey={payments.publishableKey} onPay={onPay} payLabel={payLabel} disabled={disabled} />
        </Suspense>
      ) : (
        <DemoCardForm onPay={onPay} payLabel={payLabel} disabled={disabled} />
      )}
      <p className="text-center text-xs text-slate-400">
        {payments?.mode === 'stripe' ? 'Payments are processed securely by Stripe. ' : ''}Credits are for practice only and cannot be cashed out.
      </p>
    </div>
  );
}

/** Whether the cached profile says the first-purchase bonus was already paid. */
function hasBonus(queryClient: ReturnType<typeof useQueryClient>): boolean {
  const me = queryClient.getQueryData<{ hasReceivedFirstPurchaseBonus?: boolean }>(ME_QUERY_KEY);
  return me?.hasReceivedFirstPurchaseBonus ?? false;
}

/**
 * The credit purchase modal: the popular pack preselected, a card form with
 * a postal code, 'Pay $<price>' / 'Processing...'. Guests (and `guest-` ids) see the
 * sign-in-required view instead.
 */
export function PurchaseModal({ onClose, fallbackFocus }: PurchaseModalProps) {
  const titleId = useId();
  const user = useUserState();
  const isGuest = user === null || user.isGuest || user.userId.startsWith('guest-');
  const close = () => {
    // A purchase in flight finishes on the server whatever happens here; the error goes.
    if (!usePaymentStore.getState().isProcessing) usePaymentStore.setState({ error: null });
    onClose();
  };
  return (
    <Modal
      labelledBy={titleId}
      onClose={close}
      fallbackFocus={fallbackFocus}
      panelClassName={`relative ${isGuest ? 'max-w-lg' : 'max-w-4xl'}`}
    >
      <CloseButton onClose={close} />
      {isGuest ? (
        <SignInRequired titleId={titleId} onClose={close} />
      ) : (
        <Checkout titleId={titleId} onClose={close} />
      )}
    </Modal>
  );
}
