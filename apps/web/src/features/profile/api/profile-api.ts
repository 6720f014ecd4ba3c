import { type MeResponse, MeResponseSchema, type PatchMe, ProgressResponseSchema, TRANSACTIONS_LIMIT_DEFAULT, TransactionsPageSchema } from '@card-counter/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client.ts';
import { ME_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { authClient, unwrapAuth } from '@/shared/lib/auth-client.ts';
import { meQuery } from '@/shared/session/me-query.ts';

// Server state of the profile screen: GET/PATCH /api/me, the daily bonus, the ledger.

/** GET/PATCH /api/me: the contract's profile plus `isAdmin`. */
export type Profile = MeResponse;

/** The profile screen shows the server's latest on every visit, not only the cached copy. */
export function useProfile() {
  return useQuery({ ...meQuery, refetchOnMount: 'always' });
}

export type ProfilePatch = PatchMe;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ProfilePatch) => MeResponseSchema.parse(await api.patch<unknown>('/api/me', patch)),
    onSuccess: (profile) => {
      queryClient.setQueryData(meQuery.queryKey, profile);
    },
  });
}

export function useTransactions() {
  return useInfiniteQuery({
    queryKey: TRANSACTIONS_QUERY_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(TRANSACTIONS_LIMIT_DEFAULT) });
      if (pageParam) query.set('cursor', pageParam);
      return TransactionsPageSchema.parse(await api.get<unknown>(`/api/me/transactions?${query.toString()}`, signal));
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Level, experience and achievements; refreshed whenever the balance moves (a reward pays credits). */
export const PROGRESS_QUERY_KEY = ['me', 'progress'] as const;

export function useProgress(credits: number | undefined) {
  return useQuery({
    queryKey: [...PROGRESS_QUERY_KEY, credits ?? null],
    queryFn: async ({ signal }) => ProgressResponseSchema.parse(await api.get<unknown>('/api/me/progress', signal)),
    placeholderData: (previous) => previous,
  });
}

export function useClaimDailyBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/me/daily-bonus'),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
      ]);
    },
  });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  unwrapAuth(await (await authClient()).changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
}

export async function linkGoogle(): Promise<void> {
  unwrapAuth(await (await authClient()).linkSocial({ provider: 'google', callbackURL: '/profile' }));
}

export async function setFirstPassword(newPassword: string): Promise<void> {
  await api.post<unknown>('/api/auth/set-password', { newPassword });
}
