// The coach box's words on what its figures mean (decision record 0059): a chunk of its own,
// fetched after the table's first paint (build/first-load.ts), as rule-notes.tsx is.
import { EDGE_GIVEN_AWAY_MEANS } from '@/shared/lib/grade-words.ts';

export function EdgeMeans() {
  return (
    <p className="text-xs text-slate-400" data-testid="coach-edge-means">
      {EDGE_GIVEN_AWAY_MEANS}
    </p>
  );
}

/** A play that is the coach's gives nothing away; an exact play for these very cards may be worth a little more. */
export function CoachPlayNote({ exact, unit }: { exact: string | null; unit: string }) {
  return (
    <>
      Nothing given away: the coach&apos;s play.
      {exact !== null && <span className="block text-xs text-slate-400">An exact play for these very cards is worth {exact} {unit} more; the edge given away counts only plays the coach would change.</span>}
    </>
  );
}
