import { FormError } from '@/shared/ui/form-message.tsx';
import { useUpdateProfile } from '../api/profile-api.ts';
import { Section } from './section.tsx';

export function LeaderboardVisibility({ visible }: { visible: boolean }) {
  const update = useUpdateProfile();
  const shown = update.isPending && update.variables?.showOnLeaderboard !== undefined ? update.variables.showOnLeaderboard : visible;
  return (
    <Section title="Leaderboard">
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5 accent-emerald-500"
          checked={shown}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ showOnLeaderboard: e.target.checked })}
        />
        <span>Show me on the leaderboard</span>
      </label>
      <FormError error={update.error} />
    </Section>
  );
}
