import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LazyTournamentTable as TournamentTable } from '@/features/game/components/tournament-table-lazy.tsx';
import { TournamentPage } from '@/features/tournaments/components/tournament-page.tsx';
import { GuestTournaments } from '@/features/tournaments/components/tournaments-page.tsx';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { meQuery } from '@/shared/session/me-query.ts';

/**
 * /tournaments/:id: the tournaments feature's page with the game feature's table in it, composed
 * here because features never import each other (a lazy chunk of its own: ADR 0041).
 */
export function TournamentRoute() {
  const { id = '' } = useParams();
  const guest = useSessionStore((s) => s.status === 'guest');
  const me = useQuery({ ...meQuery, enabled: !guest });
  if (guest) return <GuestTournaments />;
  const userId = me.data?.uid;
  return (
    <TournamentPage
      key={id}
      id={id}
      userId={userId}
      table={(house) => (userId === undefined ? null : <TournamentTable key={`${id}:${userId}`} tournamentId={id} userId={userId} house={house} />)}
    />
  );
}
