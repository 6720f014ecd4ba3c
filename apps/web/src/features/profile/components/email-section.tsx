import { ResendVerification } from '@/shared/ui/resend-verification.tsx';
import type { Profile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

export function EmailSection({ profile }: { profile: Profile }) {
  const email = profile.email;
  return (
    <Section title="Email">
      <p className="mb-2 font-mono break-all">{email || 'No e-mail on this account.'}</p>
      {profile.emailVerified ? (
        <p className="text-sm text-emerald-300">Verified</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-amber-300">Not verified</p>
          <ResendVerification email={email} variant="secondary" className="self-start" />
        </div>
      )}
    </Section>
  );
}
