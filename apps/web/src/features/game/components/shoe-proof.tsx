import { useState } from 'react';
import { verifyShoeReveal, type ShoeReveal } from '@card-counter/engine';

export interface ShoeProofProps {
  commitment: string | null;
  previousCommitment: string | null;
  reveal: ShoeReveal | null;
}

function short(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

/**
 * The fairness proof: each shoe's hash is shown from its shuffle on, and when it is replaced
 * its order and salt are published, so the player can check the deal was fixed in advance.
 */
export function ShoeProof({ commitment, previousCommitment, reveal }: ShoeProofProps) {
  const [result, setResult] = useState<boolean | null>(null);
  return (
    <div className="mt-3 border-t border-slate-800 pt-3 text-xs text-slate-400">
      <p>
        Shoe commitment:{' '}
        <code className="text-slate-200" title={commitment ?? undefined} data-testid="shoe-commitment">
          {commitment ? short(commitment) : 'shuffled at the first deal'}
        </code>
      </p>
      {reveal && previousCommitment && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => setResult(verifyShoeReveal(previousCommitment, reveal))}
            className="rounded border border-slate-600 px-2 py-1 text-slate-200 hover:bg-slate-800"
          >
            Verify the last shoe
          </button>
          {result !== null && (
            <span role="status" className={result ? 'text-emerald-300' : 'text-rose-300'}>
              {result ? `The last shoe (${short(previousCommitment)}) matches its commitment.` : 'The last shoe does NOT match its commitment.'}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
