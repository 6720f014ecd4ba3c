import {
  MistakeHandSchema,
  MistakeKindSchema,
  MistakesQuerySchema,
  type Mistake,
  type MistakeHand,
  type MistakeKind,
} from '@card-counter/shared';
import { z } from '@card-counter/shared/zod';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { drillHandsHref, DRILL_HANDS_MAX, type DrillHand } from '@/shared/lib/drill-hands-link.ts';
import { formatDateTime } from '@/shared/lib/format.ts';
import { betCostWords } from '@/shared/lib/bet-cost-words.ts';
import { BET_GRADE_MEANS } from '@/shared/lib/grade-words.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { RoundReplay } from '@/shared/replay/components/round-replay.tsx';
import { useMistakes, type MistakesSpan } from '../api/lifetime-api.ts';
import { cardLabel, choiceLabel, countLabel, handName, seenLabel } from '../model/cards.ts';
import { MistakeReplay } from './mistake-replay.tsx';
import { MistakesExport } from './mistakes-export.tsx';

const PAGE = 20;

const KINDS: { value: MistakeKind | ''; label: string }[] = [
  { value: '', label: 'Every kind' },
  { value: 'play', label: 'Plays' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'bet', label: 'Bets' },
  { value: 'countCheck', label: 'Count checks' },
];
const HANDS: { value: MistakeHand | ''; label: string }[] = [
  { value: '', label: 'Every hand' },
  { value: 'hard', label: 'Hard totals' },
  { value: 'soft', label: 'Soft totals' },
  { value: 'pair', label: 'Pairs' },
];

/**
 * Every mistake the server graded at the table, newest first, on its own route
 * (/profile/mistakes): the list is long and paged, and the filter lives in the URL so a
 * reload or a shared link shows the same page.
 */
export function MistakesPage() {
  const isGuest = useSessionStore((s) => s.status === 'guest');
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2 text-sm">
        <Link className="text-emerald-300 underline" to="/profile">
          Profile
        </Link>
      </p>
      <h1 className="mb-4 text-3xl font-bold">Mistakes</h1>
      {isGuest ? (
        <p className="rounded-xl bg-slate-900 p-5">
          The server grades the table&apos;s decisions of an account.{' '}
          <Link className="text-emerald-300 underline" to="/auth/signup">
            Create an account
          </Link>{' '}
          to keep every mistake to review.
        </p>
      ) : (
        <MistakesList />
      )}
    </div>
  );
}

function MistakesList() {
  const [params, setParams] = useSearchParams();
  const kind = MistakeKindSchema.safeParse(params.get('kind')).data ?? null;
  const hand = MistakeHandSchema.safeParse(params.get('hand')).data ?? null;
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const span = spanOf(params);
  const filter = { kind, hand, span, offset: page * PAGE, limit: PAGE };
  const mistakes = useMistakes(filter);

  const set: SetParams = (next) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true });
  };

  const total = mistakes.data?.total ?? 0;
  // "Drill these": the plays picked, by mistake id, across pages.
  const [picked, setPicked] = useState<ReadonlyMap<string, DrillHand>>(new Map());
  const pick = (m: PlayMistake, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on && next.size < DRILL_HANDS_MAX) next.set(m.id, { hand: m.hand, upcard: m.upcard });
      else if (!on) next.delete(m.id);
      return next;
    });
  const plays = (mistakes.data?.mistakes ?? []).filter(isPlay);
  return (
    <>
      <p className="mb-4 text-sm text-slate-300">
        Every play, insurance answer, bet and count check the server graded wrong at the table, newest first.
        A play&apos;s cost is its exact EV below the coach&apos;s best play from the cards you had seen, in
        credits and in % of the hand&apos;s bet. {BET_GRADE_MEANS}
      </p>
      {span ? (
        <p className="mb-3 rounded-lg bg-slate-900/60 p-3 text-sm text-slate-200 ring-1 ring-slate-800">
          {'shoe' in span ? `One shoe's mistakes (shoe ${span.shoe.slice(0, 8)}).` : `One session's mistakes, ${formatDateTime(span.from)} to ${formatDateTime(span.to)}.`}{' '}
          <button type="button" className="text-emerald-300 underline" onClick={() => set({ shoe: null, from: null, to: null, page: null })}>
            Show every mistake
          </button>
        </p>
      ) : null}
      <Filters kind={kind} hand={hand} span={span} set={set} />
      {mistakes.isPending ? (
        <p role="status">Loading...</p>
      ) : mistakes.isError ? (
        <FormError error={mistakes.error} />
      ) : total === 0 ? (
        <p className="rounded-xl bg-slate-900 p-5">
          No mistakes{kind !== null || hand !== null ? ' of this kind' : ''} yet.
        </p>
      ) : (
        <>
          <DrillThese picked={picked} plays={plays} pick={pick} clear={() => setPicked(new Map())} />
          <ol aria-label="Mistakes, newest first" className="space-y-2">
            {mistakes.data.mistakes.map((m) => (
              <MistakeItem key={m.id} m={m} picked={picked.has(m.id)} pick={pick} />
            ))}
          </ol>
          <Pager offset={filter.offset} total={total} onPage={(d) => set({ page: String(page + d) })} />
        </>
      )}
    </>
  );
}

type SetParams = (next: Record<string, string | null>) => void;
type PlayMistake = Extract<Mistake, { kind: 'play' | 'insurance' }> & { kind: 'play' };

function isPlay(m: Mistake): m is PlayMistake {
  return m.kind === 'play';
}

/** The picked plays go to the basic strategy drill, scheduled like every drill item. */
function DrillThese({
  picked,
  plays,
  pick,
  clear,
}: {
  picked: ReadonlyMap<string, DrillHand>;
  plays: PlayMistake[];
  pick: (m: PlayMistake, on: boolean) => void;
  clear: () => void;
}) {
  const allPicked = plays.length > 0 && plays.every((m) => picked.has(m.id));
  return (
    <div role="group" aria-label="Drill these" className="mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-slate-900/60 p-3 text-sm ring-1 ring-slate-800">
      <span className="mr-auto text-slate-300">
        {picked.size === 0 ? 'Pick plays to drill them in the trainer.' : `${picked.size} ${picked.size === 1 ? 'play' : 'plays'} picked.`}
      </span>
      {plays.length > 0 ? (
        <button
          type="button"
          className="rounded bg-slate-800 px-3 py-2 hover:bg-slate-700"
          onClick={() => plays.forEach((m) => pick(m, !allPicked))}
        >
          {allPicked ? 'Unpick this page' : 'Pick every play on this page'}
        </button>
      ) : null}
      {picked.size > 0 ? (
        <>
          <button type="button" className="rounded bg-slate-800 px-3 py-2 hover:bg-slate-700" onClick={clear}>
            Clear
          </button>
          <Link className="rounded bg-emerald-500 px-3 py-2 font-semibold text-slate-950 hover:bg-emerald-400" to={drillHandsHref([...picked.values()])}>
            Drill these
          </Link>
        </>
      ) : null}
    </div>
  );
}

/** A shoe's or a session's mistakes, from the URL (the history's links), checked by the API's own query schema; null: every one. */
function spanOf(params: URLSearchParams): MistakesSpan | null {
  const q = SpanQuerySchema.safeParse({ shoe: params.get('shoe') ?? undefined, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined });
  if (!q.success) return null;
  if (q.data.shoe !== undefined) return { shoe: q.data.shoe };
  return q.data.from !== undefined && q.data.to !== undefined ? { from: q.data.from, to: q.data.to } : null;
}

const SpanQuerySchema = z.pick(MistakesQuerySchema, { shoe: true, from: true, to: true });

function Filters({
  kind,
  hand,
  span,
  set,
}: {
  kind: MistakeKind | null;
  hand: MistakeHand | null;
  span: MistakesSpan | null;
  set: SetParams;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm">
        Kind
        <select
          className="mt-1 rounded bg-slate-800 p-2"
          value={kind ?? ''}
          onChange={(e) =>
            set({
              kind: e.target.value,
              page: null,
              hand: e.target.value === 'play' || e.target.value === '' ? hand : null,
            })
          }
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        Hand
        <select
          className="mt-1 rounded bg-slate-800 p-2 disabled:opacity-60"
          value={hand ?? ''}
          disabled={kind !== null && kind !== 'play'}
          onChange={(e) => set({ hand: e.target.value, page: null })}
        >
          {HANDS.map((h) => (
            <option key={h.value} value={h.value}>
              {h.label}
            </option>
          ))}
        </select>
      </label>
      <MistakesExport kind={kind} hand={hand} span={span} />
    </div>
  );
}

function Pager({
  offset,
  total,
  onPage,
}: {
  offset: number;
  total: number;
  onPage: (delta: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      <button
        type="button"
        className="rounded bg-slate-800 px-3 py-2 disabled:opacity-50"
        disabled={offset === 0}
        onClick={() => onPage(-1)}
      >
        Newer
      </button>
      <span role="status">
        {offset + 1}-{Math.min(total, offset + PAGE)} of {total}
      </span>
      <button
        type="button"
        className="rounded bg-slate-800 px-3 py-2 disabled:opacity-50"
        disabled={offset + PAGE >= total}
        onClick={() => onPage(1)}
      >
        Older
      </button>
    </nav>
  );
}

function Cost({ credits, percent }: { credits: number; percent: number | null }) {
  return (
    <span className="tabular-nums text-rose-300">
      -{credits.toFixed(2)} credits{percent === null ? '' : ` (${percent.toFixed(1)}% of the bet)`}
    </span>
  );
}

function MistakeItem({ m, picked, pick }: { m: Mistake; picked: boolean; pick: (m: PlayMistake, on: boolean) => void }) {
  const when = (
    <time dateTime={m.at} className="text-xs text-slate-400">
      {formatDateTime(m.at)}
    </time>
  );
  if (m.kind === 'countCheck')
    return (
      <li className="rounded-xl bg-slate-900 p-4">
        <p className="font-semibold">Count check</p>
        <p>
          You answered {m.answered}; the running count was {m.expected}.
        </p>
        {when}
      </li>
    );
  if (m.kind === 'bet')
    return (
      <li className="rounded-xl bg-slate-900 p-4">
        <p className="font-semibold">
          Bet {m.verdict === 'over' ? 'over' : 'under'} the ramp at true count {countLabel(m.trueCount)}
        </p>
        <p>
          You bet {m.bet_credits}; your ramp bets {m.rampBet_credits}.{' '}
          {m.cost_credits > 0 ? <Cost credits={m.cost_credits} percent={m.costPercent} /> : <span className="text-slate-300">{betCostWords(m.verdict, 0, String)}.</span>}
        </p>
        {when}
      </li>
    );
  return <DecisionItem m={m} picked={picked} pick={pick} when={when} />;
}

function DecisionItem({
  m,
  picked,
  pick,
  when,
}: {
  m: Extract<Mistake, { kind: 'play' | 'insurance' }>;
  picked: boolean;
  pick: (m: PlayMistake, on: boolean) => void;
  when: ReactNode;
}) {
  const [replay, setReplay] = useState(false);
  const [cards, setCards] = useState(false);
  const seen = seenLabel(m.seen);
  return (
    <li className="rounded-xl bg-slate-900 p-4">
      <p className="font-semibold">
        {m.kind === 'insurance' ? 'Insurance' : handName(m.hand, m.handKind)}:{' '}
        {m.hand.map(cardLabel).join(' ')} against {cardLabel(m.upcard)}
      </p>
      <p className="text-sm text-slate-300">
        True count {countLabel(m.trueCount)}
        {seen ? ` · ${seen}` : ''} · bet {m.bet_credits}
      </p>
      <p>
        You chose <strong>{choiceLabel(m.chosen)}</strong>; the right play was{' '}
        <strong>{choiceLabel(m.best)}</strong>. <Cost credits={m.cost_credits} percent={m.costPercent} />
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {when}
        <div className="flex flex-wrap items-center gap-4">
          <button type="button" aria-expanded={replay} className="text-sm text-emerald-300 underline hover:text-white" onClick={() => setReplay((r) => !r)}>
            {replay ? 'Hide the round' : 'Replay the round'}
          </button>
          <button type="button" aria-expanded={cards} className="text-sm text-emerald-300 underline hover:text-white" onClick={() => setCards((c) => !c)}>
            {cards ? 'Hide the cards' : 'Card by card'}
          </button>
          {isPlay(m) ? (
            <label className="flex items-center gap-2 text-sm text-slate-300">
              <input type="checkbox" className="h-4 w-4 accent-emerald-500" checked={picked} onChange={(e) => pick(m, e.target.checked)} />
              Drill this hand
            </label>
          ) : null}
        </div>
      </div>
      {replay ? <MistakeReplay id={m.id} /> : null}
      {cards ? <RoundReplay source={{ mistake: m.id }} /> : null}
    </li>
  );
}
