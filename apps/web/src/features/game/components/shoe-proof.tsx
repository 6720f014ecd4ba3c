import { useState } from 'react';
import { verifyShoeReveal, type ShoeReveal } from '@card-counter/engine';
import type { PublishedShoe } from '../api/table-source.ts';

export interface ShoeProofProps {
  commitment: string | null;
  /** The last shoe's commitment as this page saw it at the shuffle (null if it did not see it). */
  previousCommitment: string | null;
  /** The last shoe's order and salt, published in the table when the shoe was replaced. */
  reveal: ShoeReveal | null;
  /** The dealer's own record of the last shoe (the server's), if it keeps one. */
  loadLastShoe: () => Promise<PublishedShoe | null>;
}

type Result = { ok: true; commitment: string } | { ok: false; message: string };

function short(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/**
 * Checks the published reveal against the commitment shown at the shuffle: the one this page
 * saw when it can, else the one the dealer published then. When both exist they must agree.
 */
export async function checkLastShoe(previousCommitment: string | null, reveal: ShoeReveal, loadLastShoe: () => Promise<PublishedShoe | null>): Promise<Result> {
  const published = await loadLastShoe();
  if (published !== null) {
    if (previousCommitment !== null && published.commitment !== previousCommitment) {
      return { ok: false, message: 'The published commitment is NOT the one shown at the shuffle.' };
    }
    if (JSON.stringify(published.reveal) !== JSON.stringify(reveal)) {
      return { ok: false, message: 'The published reveal does NOT match the one the table gave.' };
    }
  }
  const commitment = previousCommitment ?? published?.commitment ?? null;
  if (commitment === null) return { ok: false, message: 'The commitment of the last shoe is not known here.' };
  return verifyShoeReveal(commitment, reveal) ? { ok: true, commitment } : { ok: false, message: 'The last shoe does NOT match its commitment.' };
}

/**
 * The fairness proof: each shoe's hash is shown from its shuffle on, and when it is replaced
 * its order and salt are published, so the player can check the deal was fixed in advance.
 */
export function ShoeProof({ commitment, previousCommitment, reveal, loadLastShoe }: ShoeProofProps) {
  const [result, setResult] = useState<Result | null>(null);
  const [checking, setChecking] = useState(false);
  const verify = () => {
    if (reveal === null) return;
    setChecking(true);
    checkLastShoe(previousCommitment, reveal, loadLastShoe)
      .then(setResult, () => setResult({ ok: false, message: 'The published shoe could not be loaded. Try again.' }))
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
