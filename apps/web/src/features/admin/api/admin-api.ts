import {
  AdminAccountActionResponseSchema,
  AdminAuditPageSchema,
  AdminCreditResponseSchema,
  AdminHealthSchema,
  AdminLedgerPageSchema,
  AdminPaymentsResponseSchema,
  AdminTotalsSchema,
  AdminUserDetailSchema,
  AdminUserSearchResponseSchema,
  type AdminCreditRequest,
} from '@card-counter/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client.ts';

// Server state of the admin page: every call goes to /api/admin, which answers 403 to anyone
// not in ADMIN_USER_IDS whatever this page shows.

const ADMIN = ['admin'] as const;
export const adminKeys = {
  all: ADMIN,
  users: (q: string, offset: number) => [...ADMIN, 'users', q, offset] as const,
  user: (id: string) => [...ADMIN, 'user', id] as const,
  ledger: (id: string) => [...ADMIN, 'user', id, 'ledger'] as const,
  audit: (targetUserId: string | undefined) => [...ADMIN, 'audit', targetUserId ?? 'all'] as const,
  payments: (status: string, userId: string | undefined, offset: number) =>
    [...ADMIN, 'payments', status, userId ?? 'all', offset] as const,
  totals: [...ADMIN, 'totals'] as const,
  health: [...ADMIN, 'health'] as const,
};

export const USERS_PAGE = 20;
export const PAYMENTS_PAGE = 20;
const LEDGER_PAGE = 20;
const AUDIT_PAGE = 20;

function qs(params: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v));
  return s.toString();
}

export function useUserSearch(q: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.users(q, offset),
    queryFn: async ({ signal }) =>
      AdminUserSearchResponseSchema.parse(
        await api.get<unknown>(`/api/admin/users?${qs({ q, limit: USERS_PAGE, offset })}`, signal),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: async ({ signal }) =>
      AdminUserDetailSchema.parse(
        await api.get<unknown>(`/api/admin/users/${encodeURIComponent(id)}`, signal),
      ),
  });
}

export function useUserLedger(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.ledger(id),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      AdminLedgerPageSchema.parse(
        await api.get<unknown>(
          `/api/admin/users/${encodeURIComponent(id)}/transactions?${qs({ limit: LEDGER_PAGE, cursor: pageParam ?? undefined })}`,
          signal,
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAudit(targetUserId?: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(targetUserId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      AdminAuditPageSchema.parse(
        await api.get<unknown>(
          `/api/admin/audit?${qs({ limit: AUDIT_PAGE, cursor: pageParam ?? undefined, targetUserId })}`,
          signal,
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePayments(status: string, userId: string | undefined, offset: number) {
  return useQuery({
    queryKey: adminKeys.payments(status, userId, offset),
    queryFn: async ({ signal }) =>
      AdminPaymentsResponseSchema.parse(
        await api.get<unknown>(
          `/api/admin/payments?${qs({ status, userId, limit: PAYMENTS_PAGE, offset })}`,
          signal,
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTotals() {
  return useQuery({
    queryKey: adminKeys.totals,
    queryFn: async ({ signal }) =>
      AdminTotalsSchema.parse(await api.get<unknown>('/api/admin/totals', signal)),
  });
}

export function useHealth() {
  return useQuery({
    queryKey: adminKeys.health,
    queryFn: async ({ signal }) =>
      AdminHealthSchema.parse(await api.get<unknown>('/api/admin/health', signal)),
  });
}

/** After any action the user's views, the audit log and the totals are stale. */
function useRefreshAfterAction() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useAdjustCredits(userId: string) {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: async (body: AdminCreditRequest) =>
      AdminCreditResponseSchema.parse(
        await api.post<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/credits`, body),
      ),
    onSuccess: refresh,
  });
}

export type AccountAction = 'revoke-sessions' | 'block' | 'unblock';

export function useAccountAction(userId: string) {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: AccountAction; reason: string }) =>
      AdminAccountActionResponseSchema.parse(
        await api.post<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, { reason }),
      ),
    onSuccess: refresh,
  });
}
