import { useState } from 'react';
import type { ShoeReveal } from '@card-counter/engine';
import { withChunkTimeout } from '@/shared/lib/lazy-chunk.ts';
import type { PublishedShoe } from '../api/table-source.ts';

export interface ShoeProofProps {
  commitment: string | null;
  /** The commitments of the shoes before this one as this page saw them, newest first (none: it did not see them). */
  earlierCommitments: readonly string[];
  /**
   * The last published shoe's order and salt. Published when no card dealt from it is hidden: a
   * shoe that ran out mid-round is published when the round ends, so it may be one of the
   * earlier shoes, not the one just before this one.
   */
  reveal: ShoeReveal | null;
  /** The dealer's own record of the last shoe (the server's), if it keeps one. */
  loadLastShoe: () => Promise<PublishedShoe | null>;
}

type Result = { ok: true; commitment: string } | { ok: false; message: string };

function short(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/**
 * Checks the published reveal against a commitment shown at a shuffle: one this page saw when it
 * saw any, else the one the dealer published. When both exist the dealer's must be one this page saw.
 */
export async function checkLastShoe(earlier: readonly string[], reveal: ShoeReveal, loadLastShoe: () => Promise<PublishedShoe | null>): Promise<Result> {
  const published = await loadLastShoe();
  if (published !== null) {
    if (earlier.length > 0 && !earlier.includes(published.commitment)) {
      return { ok: false, message: 'The published commitment is NOT the one shown at the shuffle.' };
    }
    if (JSON.stringify(published.reveal) !== JSON.stringify(reveal)) {
      return { ok: false, message: 'The published reveal does NOT match the one the table gave.' };
    }
  }
  // Loaded on the first check, not with the table (model/shoe-verify.ts).
  const { verifyShoeReveal } = await withChunkTimeout(import('../model/shoe-verify.ts'));
  // Without the dealer's record: the earlier shoe this reveal opens (if none, the check fails on the newest).
  const commitment = published?.commitment ?? earlier.find((c) => verifyShoeReveal(c, reveal)) ?? earlier[0] ?? null;
  if (commitment === null) return { ok: false, message: 'The commitment of the last shoe is not known here.' };
  return verifyShoeReveal(commitment, reveal) ? { ok: true, commitment } : { ok: false, message: 'The last shoe does NOT match its commitment.' };
}

/**
 * The fairness proof: each shoe's hash is shown from its shuffle on, and once it is replaced and
 * no card dealt from it is hidden its order and salt are published, so the player can check the
 * deal was fixed in advance.
 */
export function ShoeProof({ commitment, earlierCommitments, reveal, loadLastShoe }: ShoeProofProps) {
  // A verdict belongs to the reveal it checked (its salt): once a later shoe is published, the
  // old "matches its commitment" would speak of a shoe the button no longer checks (issue 39).
  const [checked, setChecked] = useState<{ salt: string; result: Result } | null>(null);
  const [checking, setChecking] = useState(false);
  const result = checked !== null && reveal !== null && checked.salt === reveal.salt ? checked.result : null;
  const verify = () => {
    if (reveal === null) return;
    const salt = reveal.salt;
    setChecking(true);
    checkLastShoe(earlierCommitments, reveal, loadLastShoe)
      .then(
        (r) => setChecked({ salt, result: r }),
        () => setChecked({ salt, result: { ok: false, message: 'The published shoe could not be loaded. Try again.' } }),
      )
      .finally(() => setChecking(false));
  };
  return (
    <div className="mt-3 border-t border-slate-800 pt-3 text-xs text-slate-400">
      <p>
        Shoe commitment:{' '}
        <code className="text-slate-200" title={commitment ?? undefined} data-testid="shoe-commitment">
          {commitment ? short(commitment) : 'shuffled at the first deal'}
        </code>
      </p>
      {reveal && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={verify}
            disabled={checking}
            className="rounded border border-slate-600 px-2 py-1 text-slate-200 hover:bg-slate-800 disabled:opacity-50"
          >
            Verify the last shoe
          </button>
          {result !== null && (
            <span role="status" className={result.ok ? 'text-emerald-300' : 'text-rose-300'}>
              {result.ok ? `The last shoe (${short(result.commitment)}) matches its commitment.` : result.message}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
