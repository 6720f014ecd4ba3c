/** The credit ledger: the only code that changes a balance (see ledger.ts). No routes of its own. */
export {
  applyCredit,
  applyCreditInTransaction,
  listTransactions,
  ledgerSum,
  toCreditTransaction,
  CREDIT_AMOUNT_MAX,
  type CreditInput,
  type CreditResult,
  type TransactionsPageInput,
} from './ledger.ts';
export { ledgerStepsSql, checkLedgerSteps, type LedgerStep, type LedgerStepsSql } from './steps-sql.ts';
export type { LedgerTables, CreditTransactionsTable } from './tables.ts';
