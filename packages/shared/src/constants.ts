/** The product's business constants and limits, and its credit packs. */

export const CREDIT_COST_HAND = 10;
export const CREDIT_COST_SIMULATOR_RUN = 100;
export const CREDIT_COST_TOURNAMENT = 1000;

export const REWARD_DAILY_BONUS = 100;
export const REWARD_FIRST_PURCHASE = 5000;
export const REWARD_ACHIEVEMENT = 500;
export const REWARD_LEVEL_UP = 1000;

/*
 * Two settings that happen to be equal, kept apart on purpose: changing one must not change
 * the other. A signed-in player's table balance is their credit balance (no setting of its
 * own); the engine's INITIAL_BALANCE is only createGame's default when no balance is given,
 * and neither the server nor the web relies on it.
 */
/** A new registered profile's credits (the "initial free credits" setting), granted as its first ledger row. */
export const INITIAL_CREDITS = 10_000;
/** A guest's credits: local to the browser, never on the server (no account, no ledger). */
export const GUEST_CREDITS = 10_000;
/** A stored profile without a credits value is read as this. */
export const FALLBACK_CREDITS = 1000;

export const DAILY_BONUS_INTERVAL_ms = 24 * 60 * 60 * 1000;

export const LEADERBOARD_LIMIT_DEFAULT = 100;
export const LEADERBOARD_PAGE_SIZE = 50;
export const LEADERBOARD_REFRESH_DELAY_ms = 100;

export const TRANSACTIONS_LIMIT_DEFAULT = 20;
export const TRANSACTIONS_LIMIT_MAX = 100;
export const PAYMENT_TRANSACTIONS_KEPT = 10;

export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_ms = 1000;

export const CONNECTION_RESTORED_BANNER_ms = 3000;
export const STARTUP_REDIRECT_DELAY_ms = 1000;
export const CHUNK_LOAD_TIMEOUT_ms = 120_000;

/** The Stripe API version the server pins (stripe 18.5.0's own; ADR 0010). A basil release. */
export const STRIPE_API_VERSION = '2025-08-27.basil';

export const NEW_USER_SHOW_ON_LEADERBOARD = true;

/** Price in cents: price x 100, rounded. */
export function priceInCents(price_usd: number): number {
  if (!Number.isFinite(price_usd) || price_usd < 0) throw new RangeError(`bad price: ${price_usd}`);
  return Math.round(price_usd * 100);
}

export interface CreditPack {
  id: 'starter' | 'popular' | 'pro' | 'whale';
  credits: number;
  price: number;
  currency: 'usd';
  /**
   * The payment provider's price identifier; never printed. Intents are created from the
   * amount (the server's price), so this only labels the intent (metadata) for reconciliation
   * with a Stripe catalogue that uses these lookup keys.
   */
  stripePriceId: string;
  popular?: boolean;
  /** Percent. */
  savings?: number;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'starter', credits: 10_000, price: 0.99, currency: 'usd', stripePriceId: 'price_cc_starter_10k_usd' },
  {
    id: 'popular',
    credits: 50_000,
    price: 3.99,
    currency: 'usd',
    stripePriceId: 'price_cc_popular_50k_usd',
    popular: true,
    savings: 20,
  },
  {
    id: 'pro',
    credits: 100_000,
    price: 6.99,
    currency: 'usd',
    stripePriceId: 'price_cc_pro_100k_usd',
    savings: 30,
  },
  {
    id: 'whale',
    credits: 500_000,
    price: 24.99,
    currency: 'usd',
    stripePriceId: 'price_cc_whale_500k_usd',
    savings: 50,
  },
];

export function findCreditPack(id: string): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.id === id);
}
