import { create } from 'zustand';
import { PAYMENT_TRANSACTIONS_KEPT } from '@card-counter/shared';

// The payment state of the spec (section 4), exactly: isProcessing, error, transactions
// (newest first, at most PAYMENT_TRANSACTIONS_KEPT), lastTransactionId.

export interface PaymentTransaction {
  /** The payment intent id. */
  id: string;
  status: string;
  packId?: string;
  credits?: number;
  amountCents?: number;
}

export interface PaymentState {
  isProcessing: boolean;
  error: string | null;
  transactions: PaymentTransaction[];
  lastTransactionId: string | null;
  /** Sets isProcessing and clears the earlier error. */
  startProcessing: () => void;
  /** Stores the error and stops processing. */
  setError: (error: string) => void;
  /** Puts the transaction first (dropping the oldest past the limit) and records its id. */
  addTransaction: (transaction: PaymentTransaction) => void;
  /** Finds the transaction by id and changes only its status. */
  updateTransactionStatus: (id: string, status: string) => void;
  /** Empties the list and the last id. */
  clearTransactions: () => void;
  /** Stops processing without an error (the purchase finished). */
  finishProcessing: () => void;
}

export const usePaymentStore = create<PaymentState>()((set) => ({
  isProcessing: false,
  error: null,
  transactions: [],
  lastTransactionId: null,
  startProcessing: () => set({ isProcessing: true, error: null }),
  setError: (error) => set({ error, isProcessing: false }),
  addTransaction: (transaction) =>
    set((s) => ({
      transactions: [transaction, ...s.transactions].slice(0, PAYMENT_TRANSACTIONS_KEPT),
      lastTransactionId: transaction.id,
    })),
  updateTransactionStatus: (id, status) =>
    set((s) => ({ transactions: s.transactions.map((t) => (t.id === id ? { ...t, status } : t)) })),
  clearTransactions: () => set({ transactions: [], lastTransactionId: null }),
  finishProcessing: () => set({ isProcessing: false }),
}));
