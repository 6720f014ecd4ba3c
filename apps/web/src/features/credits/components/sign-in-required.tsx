import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { REWARD_FIRST_PURCHASE } from '@card-counter/shared';
import { STORAGE_KEYS, writeStorage } from '@/shared/lib/storage.ts';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { LockIcon } from '@/shared/ui/icons.tsx';

/**
 * What a guest sees instead of the packs: buying needs an account. Either button first
 * signs the guest out, keeping their local progress (record, statistics) for after sign-in.
 */
export function SignInRequired({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leaveGuest = async (to: '/auth/signup' | '/login') => {
    const guest = useSessionStore.getState().guest;
    // Kept under its own key: signing out removes the guest session, not this.
    if (guest) writeStorage(STORAGE_KEYS.keptGuestProgress, JSON.stringify(guest));
    onClose();
    await useSessionStore.getState().signOut(queryClient);
    navigate(to);
  };
  return (
    <div className="mx-auto max-w-md text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300"
      >
        <LockIcon className="h-7 w-7" />
      </div>
      <h2 id={titleId} className="text-2xl font-bold text-white">
        Sign in to buy credits
      </h2>
      <p className="mt-3 text-sm text-slate-300">
        Credit packs are bought on an account, so your balance is safe on our server. Your first purchase
        comes with {formatCreditsFull(REWARD_FIRST_PURCHASE)} bonus credits.
      </p>
      <p className="mt-2 text-xs text-slate-400">Your guest progress stays in this browser.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button
          type="button"
          className="rounded-lg bg-emerald-500 px-5 py-2.5 font-bold text-slate-950 hover:bg-emerald-400"
          onClick={() => void leaveGuest('/auth/signup')}
        >
          Create Account
        </button>
        <button
          type="button"
          className="rounded-lg border border-slate-600 px-5 py-2.5 font-semibold text-slate-100 hover:bg-slate-800"
          onClick={() => void leaveGuest('/login')}
        >
          Sign In
        </button>
      </div>
    </div>
  );
}
