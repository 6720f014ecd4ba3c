import { Button } from '@/shared/ui/button.tsx';
import type { Profile } from '../api/profile-api.ts';
import { useCopyText } from '../hooks/use-copy-text.ts';
import { Section } from './section.tsx';

/**
 * The account's user id with a copy button: the id an operator puts in ADMIN_USER_IDS, shown
 * nowhere else in the app.
 */
export function UserIdSection({ profile, wide = false }: { profile: Profile; wide?: boolean }) {
  const { ref: idRef, state: copy, copy: copyId } = useCopyText(profile.uid);
  return (
    <Section title="User id">
      <div className={wide ? 'lg:grid lg:grid-cols-2 lg:items-start lg:gap-6' : ''}>
        <OperatorHint isAdmin={profile.isAdmin} />
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <code
              ref={idRef}
              className="min-w-0 flex-1 rounded-md bg-slate-950 px-3 py-2 font-mono text-sm break-all select-all"
            >
              {profile.uid}
            </code>
            <Button
              variant="secondary"
              className="min-w-22"
              onClick={() => void copyId()}
              aria-label="Copy user id"
            >
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p role="status" className="mt-2 min-h-5 text-sm text-slate-300">
            {copy === 'copied' ? 'Copied to the clipboard.' : null}
            {copy === 'unavailable'
              ? 'This browser does not let the page copy: the id is selected, copy it with Ctrl+C or the browser menu.'
              : null}
          </p>
        </div>
      </div>
    </Section>
  );
}

/** What the id is for: an operator's ADMIN_USER_IDS. */
function OperatorHint({ isAdmin }: { isAdmin: boolean }) {
  return (
    <p className="mb-3 text-sm text-slate-400">
      {isAdmin ? (
        <>
          This account is an operator: its id is in <code className="font-mono text-slate-300">ADMIN_USER_IDS</code>.
        </>
      ) : (
        <>
          For operators: put this id in <code className="font-mono text-slate-300">ADMIN_USER_IDS</code> to give this
          account the admin pages (restart the server after a change).
        </>
      )}
    </p>
  );
}
