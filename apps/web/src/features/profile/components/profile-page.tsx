import { Link } from '@/shared/ui/link.tsx';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useProfile } from '../api/profile-api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DailyBonus } from './daily-bonus.tsx';
import { EmailSection } from './email-section.tsx';
import { LifetimeSection } from './lifetime-section.tsx';
import { LeaderboardVisibility } from './leaderboard-visibility.tsx';
import { LinkedProviders } from './linked-providers.tsx';
import { NamesForm } from './names-form.tsx';
import { ProgressSection } from './progress-section.tsx';
import { TransactionHistory } from './transaction-history.tsx';
import { UserIdSection } from './user-id-section.tsx';

function GuestProfile() {
  return (
    <section className="rounded-xl bg-slate-900 p-5">
      <p className="mb-3">You are playing as a guest. Your progress stays in this browser only.</p>
      <p>
        <Link className="text-emerald-300 underline" to="/auth/signup">
          Create an account
        </Link>{' '}
        to keep a real balance, claim the daily bonus and appear on the leaderboard.
      </p>
    </section>
  );
}

function AccountProfile() {
  const profile = useProfile();
  if (profile.isPending) return <p role="status">Loading your profile...</p>;
  if (profile.isError) return <FormError error={profile.error} />;
  const data = profile.data;
  const hasPassword = data.linkedProviders?.email !== false;
  // Two columns of cards (lg): Names, Email, Sign-in methods, Daily bonus, Leaderboard and, when
  // it shows, Change password. The user id takes the whole row when it would otherwise sit alone.
  const userIdWide = (5 + (hasPassword ? 1 : 0)) % 2 === 0;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <LifetimeSection />
      </div>
      <div className="lg:col-span-2">
        <ProgressSection credits={data.credits} />
      </div>
      <NamesForm profile={data} />
      <EmailSection profile={data} />
      <LinkedProviders profile={data} />
      {hasPassword ? <ChangePasswordForm /> : null}
      <DailyBonus lastClaim={data.lastDailyBonus} />
      <LeaderboardVisibility visible={data.showOnLeaderboard ?? true} />
      <div className={userIdWide ? 'lg:col-span-2' : ''}>
        <UserIdSection profile={data} wide={userIdWide} />
      </div>
      <div className="lg:col-span-2">
        <TransactionHistory />
      </div>
    </div>
  );
}

export function ProfilePage() {
  const isGuest = useSessionStore((s) => s.status === 'guest');
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-3xl font-bold">Profile</h1>
      {isGuest ? <GuestProfile /> : <AccountProfile />}
    </div>
  );
}
