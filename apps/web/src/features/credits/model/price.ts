import type { CreditPack } from '@card-counter/shared';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $3.99 */
export function formatPrice(price: number): string {
  return usd.format(price);
}

/** The price of 1,000 credits in the pack, e.g. $0.08. */
export function pricePerThousand(pack: CreditPack): string {
  return usd.format((pack.price / pack.credits) * 1000);
}

/** The pack preselected when the modal opens: the popular one, else the first. */
export function defaultPack(packs: readonly CreditPack[]): CreditPack | undefined {
  return packs.find((p) => p.popular) ?? packs[0];
}
