import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/lib/api-error.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError, FormSuccess } from '../../../shared/ui/form-message.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { changePassword } from '../api/profile-api.ts';
import { Section } from './section.tsx';

/** Re-authenticates with the current password before setting the new one (server side). */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await changePassword(current, next);
      setDone(true);
      setCurrent('');
      setNext('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Change password">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <FormError message={error} />
        {done ? <FormSuccess message="Your password has been changed." /> : null}
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
