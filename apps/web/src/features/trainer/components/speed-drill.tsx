import { countingSystemOf, type CountSpec } from '@card-counter/engine';
import type { FlashDeal, SpeedVerdict, TableRoundDeal } from '@card-counter/shared';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { useServedDrill } from '../hooks/use-served-drill.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { signed } from '../model/labels.ts';
import { FLASH_ITEMS, ROUND_ITEMS, itemSize } from '../model/speed-items.ts';
import { CountInput } from './count-input.tsx';
import { Felt } from './felt.tsx';
import { CardGroup, Choice, PracticeNote, ServedFailure, ServedNote, ServedOnly, timeLine } from './served-parts.tsx';
import { SessionBar } from './session-bar.tsx';

// Two speed drills (ADR 0062): a flash of 2-6 cards counted as a group, and a full table's
// finished round (2-7 seats and the dealer) counted in one glance, not card by card. The cards
// show for the exposure chosen, then go; the count is typed and the server grades and times it.

type Kind = 'flash' | 'tableRound';
type Deal = FlashDeal | TableRoundDeal;

const EXPOSURES: Record<Kind, readonly [number, string][]> = {
  flash: [
    [500, '0.5 s'],
    [1000, '1 s'],
    [2000, '2 s'],
    [0, 'No limit'],
  ],
  tableRound: [
    [2000, '2 s'],
    [4000, '4 s'],
    [8000, '8 s'],
    [0, 'No limit'],
  ],
};

const WORDS: Record<Kind, { title: string; what: string; ask: string }> = {
  flash: {
    title: 'Flash',
    what: 'Several cards at once: see the group, add its count in one go.',
    ask: 'Count of the flash',
  },
  tableRound: {
    title: 'Table round',
    what: "A finished round at a full table, every card face up: count the round as a whole (cancel pairs, skip the zeros), not card by card.",
    ask: 'Count of the round',
  },
};

export function SpeedDrill({ kind, trainer }: { kind: Kind; trainer: Trainer }) {
  if (!trainer.store.signedIn) return <ServedOnly what={`The ${WORDS[kind].title.toLowerCase()} drill`} />;
  return <SpeedDrillServed kind={kind} trainer={trainer} />;
}

function SpeedDrillServed({ kind, trainer }: { kind: Kind; trainer: Trainer }) {
  const { system, custom } = trainer.settings.counting;
  const count = useMemo<CountSpec>(() => (custom ? { system, custom } : { system }), [system, custom]);
  const sys = countingSystemOf(count);
  const [exposure, setExposure] = useState<number>(kind === 'flash' ? 1000 : 4000);
  const bodyOf = useCallback(
    (item: string) =>
      kind === 'flash'
        ? { drill: 'flash' as const, cards: itemSize(item), ...count }
        : { drill: 'tableRound' as const, seats: itemSize(item), ...count },
    [kind, count],
  );
  const drill = useServedDrill<Deal, SpeedVerdict>(kind, trainer, kind === 'flash' ? FLASH_ITEMS : ROUND_ITEMS, bodyOf, exposure === 0 ? null : exposure);
  const { phase } = drill;
  const words = WORDS[kind];
  return (
    <div className="flex flex-col gap-4">
      <ServedNote>
        {words.what} Counted in {sys.name}.
      </ServedNote>
      {phase.kind === 'idle' || phase.kind === 'dealing' || phase.kind === 'dealFailed' ? (
        <div className="flex flex-col items-center gap-4 rounded-xl bg-slate-900/80 p-5 ring-1 ring-slate-800">
          <Choice label="Cards on screen for" options={EXPOSURES[kind]} value={exposure} onChange={setExposure} />
          <p className="text-center text-xs text-slate-400">
            {kind === 'flash' ? '2 to 6 cards' : '2 to 7 seats'}: the sizes you miss or answer slowly come back sooner.
          </p>
          <Button onClick={drill.start} disabled={phase.kind === 'dealing'}>
            {phase.kind === 'dealing' ? 'Dealing…' : `Start ${words.title.toLowerCase()}`} <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
          </Button>
          <ServedFailure drill={drill} />
        </div>
      ) : (
        <>
          <Felt label={words.title}>
            {phase.kind === 'shown' && phase.hidden ? (
              <p className="text-center text-emerald-100">The cards are gone. What was the count?</p>
            ) : (
              <DealtCards deal={phase.deal} verdict={phase.kind === 'done' ? phase.verdict : null} />
            )}
          </Felt>
          <div aria-live="polite" className="flex min-h-[6rem] flex-col items-center gap-3">
            {phase.kind === 'shown' ? (
              <CountInput key={phase.deal.dealId} label={words.ask} step={sys.scale === 2 ? 0.5 : 1} onSubmit={(n) => drill.answer({ runningCount: n })} />
            ) : null}
            {phase.kind === 'checking' ? <p className="text-slate-300">Checking with the server…</p> : null}
            <ServedFailure drill={drill} />
            {phase.kind === 'done' ? <SpeedVerdictView verdict={phase.verdict} onNext={drill.start} onStop={drill.stop} /> : null}
          </div>
        </>
      )}
      <SessionBar stats={drill.session.stats} />
    </div>
  );
}

/** The flash, or the round: seats left to right under the dealer; after the verdict each hand's count. */
function DealtCards({ deal, verdict }: { deal: Deal; verdict: SpeedVerdict | null }) {
  if (deal.drill === 'flash') return <CardGroup cards={deal.cards} label={`${deal.cards.length} cards`} />;
  const counts = verdict?.handCounts;
  const countOf = (i: number) => (counts?.[i] === undefined ? null : signed(counts[i] as number));
  return (
    <div className="flex w-full flex-col items-center gap-4">
      <Hand label="Dealer" cards={deal.dealer} count={countOf(deal.seats.length)} />
      <ul aria-label="Seats" className="flex w-full flex-wrap justify-center gap-x-3 gap-y-3">
        {deal.seats.map((hand, i) => (
          <li key={i}>
            <Hand label={`Seat ${i + 1}`} cards={hand} count={countOf(i)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Hand({ label, cards, count }: { label: string; cards: FlashDeal['cards']; count: string | null }) {
  return (
    <div className="flex flex-col items-center gap-1">
      <span className="text-[0.65rem] font-medium uppercase tracking-widest text-emerald-200/80">
        {label}
        {count === null ? '' : ` · ${count}`}
      </span>
      <CardGroup cards={cards} label={label} size="sm" />
    </div>
  );
}

function SpeedVerdictView({ verdict, onNext, onStop }: { verdict: SpeedVerdict; onNext: () => void; onStop: () => void }) {
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-2">
      <p className={`text-xl font-bold ${verdict.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
        {verdict.correct ? `Right: ${signed(verdict.expected)}` : `The count was ${signed(verdict.expected)}; you said ${signed(verdict.answered)}`}
      </p>
      <p className="text-center text-sm text-slate-300">{timeLine(verdict.time_ms, verdict.cards, verdict.target_ms)}</p>
      <PracticeNote practice={verdict.practice} />
      <div className="flex gap-2">
        <Button onClick={onNext} autoFocus>
          Next <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" onClick={onStop}>
          Change settings
        </Button>
      </div>
    </div>
  );
}
