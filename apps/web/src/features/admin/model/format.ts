// Formats of the admin page beyond the shared ones.

/** 1999 cents in usd -> '$19.99'. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatPercent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

/** A short, readable form of a browser's user agent string. */
export function shortUserAgent(ua: string | null): string {
  if (ua === null || ua === '') return 'unknown client';
  const browser = /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(ua)?.[1] ?? 'Browser';
  const os = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(ua)?.[1] ?? '';
  return `${browser === 'Edg' ? 'Edge' : browser}${os ? ` on ${os.replace('Mac OS X', 'macOS')}` : ''}`;
}

export const ACTION_LABELS: Record<string, string> = {
  'credits.grant': 'Granted credits',
  'credits.remove': 'Removed credits',
  'sessions.revoke': 'Revoked sessions',
  'account.block': 'Blocked sign-in',
  'account.unblock': 'Unblocked sign-in',
};
