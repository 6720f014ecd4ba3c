import type { VisibleGameState } from '@card-counter/engine';
import type { BetRampSetting } from '@card-counter/shared';
import type { BetGrades } from '../hooks/use-bet-grades.ts';
import { BetGradePanel } from './bet-grade-panel.tsx';
import { BettingStats } from './betting-stats.tsx';
import { YourResultAtCount } from './your-result-at-count.tsx';

// The sidebar's parts that not every table shows, one chunk out of the table's first load
// (table-screen.tsx loads it lazily; first-load.test.ts): the player's result at this count reads
// the record after the first screen (ADR 0060); the bet's grade and the session's bets by the
// count show only once a ramp is set.

interface RecordAndBetProps {
  state: VisibleGameState;
  /** A server table: the record is the server's. */
  server: boolean;
  ramp: BetRampSetting | null;
  bets: BetGrades;
}

/** Under the coach: the player's result at this count, the last bet's grade. */
export function RecordAndBet({ state, server, ramp, bets }: RecordAndBetProps) {
  return (
    <>
      {server && <YourResultAtCount state={state} />}
      {ramp !== null && <BetGradePanel grades={bets} />}
    </>
  );
}

/** The session's bets by the count, in the session panel. */
export function SessionBetting({ ramp, bets }: { ramp: BetRampSetting; bets: BetGrades }) {
  return <BettingStats totals={bets.totals} patterns={bets.patterns} ramp={ramp} />;
}
