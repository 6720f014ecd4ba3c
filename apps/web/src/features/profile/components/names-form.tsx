import { useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { FormError, FormSuccess } from '@/shared/ui/form-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useUpdateProfile, type Profile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

export function NamesForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(profile.displayName ?? '');
  const [username, setUsername] = useState(profile.username ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ displayName: displayName.trim(), username: username.trim() });
  };

  return (
    <Section title="Names">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField label="Display name" required maxLength={50} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        <TextField label="Username" required maxLength={30} value={username} onChange={(e) => setUsername(e.target.value)} />
        <FormError error={update.error} />
        {update.isSuccess ? <FormSuccess message="Your names have been saved." /> : null}
        <Button type="submit" disabled={update.isPending} className="self-start">
          {update.isPending ? 'Saving...' : 'Save names'}
        </Button>
      </form>
    </Section>
  );
}
