/**
 * The main navigation of the bar and the phone menu (which adds Profile, Purchase Credits and
 * Sign Out). `end`: Game is active on / only, not on every path below it.
 */
export const NAV_LINKS = [
  { to: '/', label: 'Game', end: true },
  { to: '/simulator', label: 'Simulator', end: false },
  { to: '/leaderboard', label: 'Leaderboard', end: false },
  { to: '/tournaments', label: 'Tournaments', end: false },
] as const;

/** Shown only to an admin (GET /api/me's isAdmin: the server's ADMIN_USER_IDS); /admin checks it again. */
export const ADMIN_LINK = { to: '/admin', label: 'Admin', end: false } as const;

/** The main navigation for this user: an admin also sees Admin. */
export function navLinks(isAdmin: boolean) {
  return isAdmin ? [...NAV_LINKS, ADMIN_LINK] : [...NAV_LINKS];
}
