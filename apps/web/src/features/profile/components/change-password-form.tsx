import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { changePassword } from '../api/profile-api.ts';
import { Section } from './section.tsx';

/** Re-authenticates with the current password before setting the new one (server side). */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: (passwords: { current: string; next: string }) => changePassword(passwords.current, passwords.next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ current, next });
  };

  return (
    <Section title="Change password">
      <form className="flex flex-col gap-4" onSubmit={submit}>
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
        <FormError error={change.error} />
        {change.isSuccess ? <FormSuccess message="Your password has been changed." /> : null}
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
