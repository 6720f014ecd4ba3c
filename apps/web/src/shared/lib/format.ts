// Credits in the compact (10.0K, 1.5M) and full (10,000) forms of the credits display, and
// dates for the profile screen.

const fullFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1,000,000+ -> millions with one decimal + 'M'; 1,000+ -> thousands with one decimal + 'K'. */
export function formatCreditsCompact(credits: number): string {
  if (credits >= 1_000_000) return `${(credits / 1_000_000).toFixed(1)}M`;
  if (credits >= 1_000) return `${(credits / 1_000).toFixed(1)}K`;
  return fullFormatter.format(credits);
}

/** The balance with thousands separators, e.g. 1234567 -> '1,234,567'. */
export function formatCreditsFull(credits: number): string {
  return fullFormatter.format(credits);
}

/** Signed amount for ledger rows: +100, -10. */
export function formatCreditsSigned(amount: number): string {
  return `${amount > 0 ? '+' : ''}${fullFormatter.format(amount)}`;
}

export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
