import { useEffect, useState } from 'react';
import { verifyShoeReveal } from '@card-counter/engine';
import type { TournamentDetail } from '@card-counter/shared';

type Reveal = NonNullable<TournamentDetail['reveal']>;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Checks the reveal in this browser: the commitments hash to the one published at creation, and each shoe opens its commitment. */
async function check(reveal: Reveal, published: string): Promise<{ list: boolean; shoes: boolean[] }> {
  const list = (await sha256Hex(`bj-tournament-shoes-v1|${reveal.commitments.join(',')}`)) === published;
  const shoes = reveal.shoes.map((s, i) => s.commitment === reveal.commitments[i] && verifyShoeReveal(s.commitment, s.reveal));
  return { list, shoes };
}

/** The shoes' reveal after the end, checked here against the commitment published when the tournament was made. */
export function ShoesReveal({ reveal, published }: { reveal: Reveal; published: string }) {
  const [result, setResult] = useState<{ list: boolean; shoes: boolean[] } | null>(null);
  useEffect(() => {
    let live = true;
    void check(reveal, published).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [reveal, published]);
  const ok = result !== null && result.list && result.shoes.every(Boolean);
  return (
    <section aria-labelledby="reveal-title" className="rounded-xl border border-slate-800 bg-slate-900 p-4">
      <h2 id="reveal-title" className="text-lg font-semibold">
        The shoes
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Published when the tournament was made: <code className="font-mono text-xs break-all text-slate-200">{published}</code>
      </p>
      <p role="status" className={`mt-2 text-sm font-semibold ${result === null ? 'text-slate-300' : ok ? 'text-emerald-300' : 'text-rose-300'}`} data-testid="reveal-check">
        {result === null
          ? 'Checking the shoes against the commitment...'
          : ok
            ? `Verified in this browser: ${reveal.shoes.length === 1 ? 'the shoe opens its commitment' : `all ${reveal.shoes.length} shoes open their commitments`}, and the commitments hash to the one published. Everyone had the same cards.`
            : 'The reveal does NOT match the commitment published when the tournament was made.'}
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-emerald-300">Each shoe's commitment</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-6 font-mono text-xs break-all text-slate-300">
          {reveal.shoes.map((s, i) => (
            <li key={s.commitment}>
              {s.commitment} {result === null ? '' : result.shoes[i] ? '✓' : '✗'}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
