// Query keys shared by several features (features never import each other).
export const ME_QUERY_KEY = ['me'] as const;
export const TRANSACTIONS_QUERY_KEY = ['me', 'transactions'] as const;
