import { PageCard } from '@/shared/ui/page-card.tsx';

export function PrivacyPage() {
  return (
    <PageCard title="Privacy Policy" wide>
      <div className="space-y-4 text-sm leading-relaxed text-slate-300">
        <p>This policy explains what Card Counter stores about you and why.</p>
        <h2 className="text-lg font-semibold text-slate-100">What we store</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Your account: e-mail address, display name, username and, if you sign in with Google, your Google account identifier.</li>
          <li>Your password only as a one-way hash; we never store or see it in readable form.</li>
          <li>Your practice credit balance and the history of every credit change.</li>
          <li>Your game statistics and your leaderboard visibility choice.</li>
          <li>A session cookie that keeps you signed in. It is not used for tracking or advertising.</li>
        </ul>
        <h2 className="text-lg font-semibold text-slate-100">Guests</h2>
        <p>A guest session is kept only in your browser's local storage and is never sent to our server. Signing out of it deletes it.</p>
        <h2 className="text-lg font-semibold text-slate-100">Payments</h2>
        <p>
          Card payments are handled by our payment provider. Your card details go directly to the provider and are never stored by
          Card Counter; we keep only the record of which credit pack was bought.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">How we use it</h2>
        <p>
          We use your data only to run your account: signing in, keeping your balance and statistics, showing the leaderboard if you
          chose to appear on it, and sending account e-mails (verification and password reset). We do not sell your data or share it
          with advertisers.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">Your choices</h2>
        <p>
          You can change your names and hide yourself from the leaderboard on your profile at any time. To have your account and its
          data deleted, contact the operator of this site.
        </p>
      </div>
    </PageCard>
  );
}
