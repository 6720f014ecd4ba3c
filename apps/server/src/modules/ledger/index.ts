export {
  applyCredit,
  applyCreditInTransaction,
  listTransactions,
  ledgerSum,
  toCreditTransaction,
  PROFILE_CHANGED_CHANNEL,
  CREDIT_AMOUNT_MAX,
  type CreditInput,
  type CreditResult,
  type TransactionsPageInput,
} from './ledger.ts';
