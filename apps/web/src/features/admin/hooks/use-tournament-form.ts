import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminTournamentCreateSchema,
  TournamentSummarySchema,
  type AdminTournamentCreate,
} from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';

/** `datetime-local` in this browser's time zone, from a Date. */
function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The new-tournament form's fields, its check with the contract's schema and the create (POST /api/admin/tournaments). */
export function useTournamentForm() {
  const queryClient = useQueryClient();
  const now = new Date();
  const [f, setF] = useState({
    name: '',
    startsAt: local(now),
    endsAt: local(new Date(now.getTime() + 24 * 3600_000)),
    numDecks: '6',
    dealerStandsSoft17: false,
    doubleAfterSplit: true,
    surrenderAllowed: true,
    dealt_pct: '75',
    wholeShoe: true,
    rounds: '60',
    betMin: '10',
    betMax: '500',
    chips: '10000',
    minEntrants: '2',
    payouts: '50, 30, 20',
    testMode: 'available' as 'available' | 'imposed',
    reason: '',
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const create = useMutation({
    mutationFn: async (body: AdminTournamentCreate) =>
      TournamentSummarySchema.parse(await api.post<unknown>('/api/admin/tournaments', body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['tournaments'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: f.name,
      startsAt: new Date(f.startsAt).toISOString(),
      endsAt: new Date(f.endsAt).toISOString(),
      rules: {
        numDecks: Number(f.numDecks),
        dealerStandsSoft17: f.dealerStandsSoft17,
        doubleAfterSplit: f.doubleAfterSplit,
        surrenderAllowed: f.surrenderAllowed,
        shufflePoint: Math.round(100 - Number(f.dealt_pct)) / 100,
      },
      testMode: f.testMode,
      rounds: f.wholeShoe ? ('shoe' as const) : Number(f.rounds),
      betMin: Number(f.betMin),
      betMax: Number(f.betMax),
      chips: Number(f.chips),
      minEntrants: Number(f.minEntrants),
      payouts_pct: f.payouts.split(',').map((x) => Number(x.trim())),
      ...(f.reason.trim() === '' ? {} : { reason: f.reason.trim() }),
    };
    const parsed = AdminTournamentCreateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid(issue ? `${issue.path.join('.') || 'form'}: ${issue.message}` : 'Check the form.');
      return;
    }
    setInvalid(null);
    create.mutate(parsed.data);
  };
  return { f, set, submit, create, invalid };
}

export type TournamentFormState = ReturnType<typeof useTournamentForm>;
