import { Suspense, useId, useRef, useState, type RefObject } from 'react';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { useNavigate } from 'react-router';
import { Link, NavLink } from '@/shared/ui/link.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { CreditsDisplay } from '@/features/credits/components/credits-display.tsx';
import { DailyBonusCountdown } from '@/features/credits/components/daily-bonus-countdown.tsx';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { profileLinkText } from '@/shared/session/user-state.ts';
import { showToast } from '@/shared/stores/toast-store.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { navLinks } from './nav-links.ts';

// The modal (and Stripe's libraries) download when the player first opens it.
const PurchaseModal = lazyChunk(() =>
  import('@/features/credits/components/purchase-modal.tsx').then((m) => ({ default: m.PurchaseModal })),
);

const LINK = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:text-white'}`;

/** Signs out (a failure is shown, the player leaves for /login either way). */
function useSignOutToLogin() {
  const signOut = useSessionStore((s) => s.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut(queryClient);
    } catch (error) {
      showToast({ kind: 'error', message: errorMessage(error) });
    }
    navigate('/login', { replace: true });
  };
}

export function NavBar() {
  const user = useUserState();
  const signOut = useSignOutToLogin();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [purchaseOpen, setPurchaseOpen] = useState(false);
  // The phone menu closes when the dialog opens: its toggle takes the focus back.
  const menuToggleRef = useRef<HTMLButtonElement>(null);

  const openPurchase = () => {
    setMenuOpen(false);
    setPurchaseOpen(true);
  };
  const doSignOut = () => {
    setMenuOpen(false);
    void signOut();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Link to="/" className="shrink-0 whitespace-nowrap text-xl font-extrabold tracking-tight text-emerald-300" aria-label="Card Counter home">
          <span aria-hidden="true">♠ </span>Card Counter
        </Link>
        <nav aria-label="Main" className="ml-4 hidden shrink-0 gap-1 lg:flex">
          {navLinks(user?.isAdmin === true).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={LINK}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          {user && !user.isGuest ? <DailyBonusCountdown lastClaim={user.freeCreditsLastClaimed} /> : null}
          <CreditsDisplay credits={user?.credits ?? 0} variant="full" onPurchase={openPurchase} className="hidden lg:flex" />
          <CreditsDisplay credits={user?.credits ?? 0} variant="compact" className="lg:hidden" />
          <NavLink to="/profile" title={profileLinkText(user)} className={(state) => `hidden min-w-0 max-w-[10rem] truncate lg:block xl:max-w-[16rem] ${LINK(state)}`}>
            {profileLinkText(user)}
          </NavLink>
          <button type="button" className="hidden shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm text-slate-300 hover:text-white lg:block" onClick={doSignOut}>
            Sign Out
          </button>
          <MenuToggle ref={menuToggleRef} open={menuOpen} menuId={menuId} onToggle={() => setMenuOpen((open) => !open)} />
        </div>
      </div>
      {menuOpen ? <MobileMenu id={menuId} isAdmin={user?.isAdmin === true} onNavigate={() => setMenuOpen(false)} onPurchase={openPurchase} onSignOut={doSignOut} /> : null}
      {purchaseOpen ? (
        <Suspense fallback={null}>
          <PurchaseModal onClose={() => setPurchaseOpen(false)} fallbackFocus={menuToggleRef} />
        </Suspense>
      ) : null}
    </header>
  );
}

/** The phone's menu button (☰ / ✕). */
function MenuToggle({ ref, open, menuId, onToggle }: { ref: RefObject<HTMLButtonElement | null>; open: boolean; menuId: string; onToggle: () => void }) {
  return (
    <button
      ref={ref}
      type="button"
      className="rounded-md p-2 text-slate-200 hover:bg-slate-800 lg:hidden"
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={menuId}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="text-xl leading-none">
        {open ? '✕' : '☰'}
      </span>
    </button>
  );
}
