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
