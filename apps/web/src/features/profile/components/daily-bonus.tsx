import { REWARD_DAILY_BONUS } from '@card-counter/shared';
import { ApiError, errorMessage } from '@/shared/lib/api-error.ts';
import { formatCountdown, nextDailyBonusAt, useCountdown } from '@/shared/lib/countdown.ts';
import { formatDateTime } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { useClaimDailyBonus } from '../api/profile-api.ts';
import { Section } from './section.tsx';

function refusal(error: unknown): string {
  // Claimed within the last 24 hours: the server says when the next claim opens.
  if (error instanceof ApiError && error.code === 'DAILY_BONUS_NOT_READY') {
    const next = error.details.nextClaimAt;
    if (typeof next === 'string' || typeof next === 'number')
      return `Already claimed. Next bonus available ${formatDateTime(next)}.`;
  }
  return errorMessage(error);
}

export function DailyBonus({ lastClaim }: { lastClaim: string | null | undefined }) {
  const claim = useClaimDailyBonus();
  const next = nextDailyBonusAt(lastClaim);
  const remaining = useCountdown(next);
  const ready = remaining === 0;
  return (
    <Section id="daily-bonus" title="Daily bonus">
      <p className="mb-3 text-sm text-slate-300">
        Claim {REWARD_DAILY_BONUS} credits once every 24 hours.
        {lastClaim ? ` Last claimed ${formatDateTime(lastClaim)}.` : ''}
      </p>
      {ready ? null : (
        <p id="daily-bonus-next" className="mb-3 text-sm text-slate-300" role="timer" aria-live="off">
          Next bonus in{' '}
          <span className="font-mono font-semibold text-amber-300">{formatCountdown(remaining)}</span>
          {next !== null && <>, on {formatDateTime(next)}</>}.
        </p>
      )}
      <FormError message={claim.isError ? refusal(claim.error) : null} />
      {claim.isSuccess ? (
        <FormSuccess message={`${REWARD_DAILY_BONUS} credits added to your balance.`} />
      ) : null}
      {/* Closed until the next claim opens; a refusal anyway (another device claimed) says when it opens. */}
      <Button className="mt-3" disabled={claim.isPending || !ready} aria-describedby={ready ? undefined : 'daily-bonus-next'} onClick={() => claim.mutate()}>
        {claim.isPending ? 'Claiming...' : 'Claim daily bonus'}
      </Button>
    </Section>
  );
}
