import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_TRANSACTIONS_KEPT } from '@card-counter/shared';
import { usePaymentStore } from '@/features/credits/hooks/payment-store.ts';

const initial = { isProcessing: false, error: null, transactions: [], lastTransactionId: null };
const store = () => usePaymentStore.getState();

describe('payment state', () => {
  beforeEach(() => usePaymentStore.setState(initial));

  it('starting to process sets isProcessing and clears the earlier error', () => {
    usePaymentStore.setState({ error: 'Payment failed' });
    store().startProcessing();
    expect(store()).toMatchObject({ isProcessing: true, error: null });
  });

  it('setting an error stores it and stops processing', () => {
    store().startProcessing();
    store().setError('Your card was declined.');
    expect(store()).toMatchObject({ isProcessing: false, error: 'Your card was declined.' });
  });

  it('adding a transaction puts it first and records its id; only the newest 10 are kept', () => {
    store().addTransaction({ id: 'pi_1', status: 'succeeded' });
    store().addTransaction({ id: 'pi_2', status: 'requires_action' });
    expect(store().transactions.map((t) => t.id)).toEqual(['pi_2', 'pi_1']);
    expect(store().lastTransactionId).toBe('pi_2');
    for (let i = 3; i <= 12; i++) store().addTransaction({ id: `pi_${i}`, status: 'succeeded' });
    expect(store().transactions).toHaveLength(PAYMENT_TRANSACTIONS_KEPT);
    expect(store().transactions[0]?.id).toBe('pi_12');
    expect(store().transactions.at(-1)?.id).toBe('pi_3');
  });

  it('updating a status finds the transaction by id and changes only its status', () => {
    store().addTransaction({ id: 'pi_1', status: 'succeeded', credits: 50_000, packId: 'popular' });
    store().addTransaction({ id: 'pi_2', status: 'succeeded' });
    store().updateTransactionStatus('pi_1', 'verified');
    expect(store().transactions).toEqual([
      { id: 'pi_2', status: 'succeeded' },
      { id: 'pi_1', status: 'verified', credits: 50_000, packId: 'popular' },
    ]);
    expect(store().lastTransactionId).toBe('pi_2');
    store().updateTransactionStatus('pi_unknown', 'verified');
    expect(store().transactions.map((t) => t.status)).toEqual(['succeeded', 'verified']);
  });

  it('clearing empties the list and the last id', () => {
    store().addTransaction({ id: 'pi_1', status: 'succeeded' });
    store().clearTransactions();
    expect(store()).toMatchObject({ transactions: [], lastTransactionId: null });
  });
});
