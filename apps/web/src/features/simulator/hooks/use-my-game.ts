// The player's record read for "simulate my game": their decisions and count checks from the
// table (shared/record), and the engine's estimate of their mistakes from them.
import { useQuery } from '@tanstack/react-query';
import { estimatePlayer, type PlayerEstimate } from '@card-counter/engine';
import { playRecordFor } from '@/shared/record/play-record.ts';

/** Newest entries read: enough for stable rates, bounded like the record itself. */
const DECISIONS_READ = 2000;
const CHECKS_READ = 500;

export function useMyGame(player: { userId: string; isGuest: boolean } | null) {
  return useQuery({
    queryKey: ['simulator', 'my-game', player?.userId ?? 'nobody'],
    enabled: player !== null,
    staleTime: 30_000,
    queryFn: async (): Promise<PlayerEstimate> => {
      const record = playRecordFor(player);
      const [decisions, checks] = await Promise.all([record.recent(DECISIONS_READ, 'decision'), record.recent(CHECKS_READ, 'countCheck')]);
      return estimatePlayer(
        decisions.flatMap((d) => (d.kind === 'decision' ? [{ hand: d.hand, chosen: d.chosen, best: d.best, evCost: d.evCost, bet: d.bet }] : [])),
        checks.flatMap((c) => (c.kind === 'countCheck' ? [{ expected: c.expected, answered: c.answered }] : [])),
      );
    },
  });
}
