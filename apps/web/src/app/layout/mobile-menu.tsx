import { NavLink } from '@/shared/ui/link.tsx';
import { navLinks } from './nav-links.ts';

export interface MobileMenuProps {
  id: string;
  /** An admin also sees Admin. */
  isAdmin?: boolean;
  onNavigate: () => void;
  onPurchase: () => void;
  onSignOut: () => void;
}

const ITEM = 'block w-full rounded-md px-3 py-3 text-left text-base hover:bg-slate-800';

/** The phone menu: the main links (Admin for an admin), Profile, Purchase Credits, Sign Out. */
export function MobileMenu({ id, isAdmin = false, onNavigate, onPurchase, onSignOut }: MobileMenuProps) {
  const links = [...navLinks(isAdmin), { to: '/profile', label: 'Profile', end: false }];
  return (
    <nav id={id} aria-label="Mobile" className="border-t border-slate-800 bg-slate-900 px-4 py-2 lg:hidden">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={ITEM} onClick={onNavigate}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className={ITEM} onClick={onPurchase}>
            Purchase Credits
          </button>
        </li>
        <li>
          <button type="button" className={ITEM} onClick={onSignOut}>
            Sign Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
