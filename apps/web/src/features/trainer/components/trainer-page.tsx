import type { DrillId } from '@card-counter/shared';
import { countingSystemOf } from '@card-counter/engine';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseDrillHands } from '@/shared/lib/drill-hands-link.ts';
import type { TableSettings } from '@/shared/table-settings/table-settings.ts';
import { WithTableSettings } from './with-table-settings.tsx';
import { useTrainer } from '../hooks/use-trainer.ts';
import { BetDrill } from './bet-drill.tsx';
import { CountdownDrill } from './countdown-drill.tsx';
import { PairsDrill } from './pairs-drill.tsx';
import { ServedDeviationDrill } from './served-deviation-drill.tsx';
import { SpeedDrill } from './speed-drill.tsx';
import { StrategyDrill } from './strategy-drill.tsx';
import { TrayDrill } from './tray-drill.tsx';
import { cellKeysOfHands } from '../model/strategy-items.ts';
import './trainer.css';

// The drills beside the table (`/?mode=drills&drill=...`): one screen per weak spot of a counter,
// with the rules and count of the player's own table. A signed-in player's deviations are dealt
// by the server from their full index set (served-deviation-drill.tsx, ADR 0053); a guest's stay here.

export const DRILL_TABS: { id: DrillId; label: string; short: string }[] = [
  { id: 'runningCount', label: 'Running count', short: 'Count' },
  { id: 'trueCount', label: 'True count', short: 'True count' },
  { id: 'deckEstimation', label: 'Deck estimation', short: 'Decks' },
  { id: 'basicStrategy', label: 'Basic strategy', short: 'Strategy' },
  { id: 'deviations', label: 'Deviations', short: 'Deviations' },
  // Issue 39's, dealt by the server (ADR 0062, 0063).
  { id: 'pairs', label: 'Pairs', short: 'Pairs' },
  { id: 'flash', label: 'Flash', short: 'Flash' },
  { id: 'tableRound', label: 'Table round', short: 'Round' },
  { id: 'betSizing', label: 'Bet sizing', short: 'Bets' },
];

export function rulesLine(rules: { numDecks: number; dealerStandsSoft17: boolean; doubleAfterSplit: boolean; surrenderAllowed: boolean; earlySurrender?: string; dealerPeeks?: boolean }): string {
  // ES10 / ES: early surrender against a ten / every upcard (decision record 0050); ENHC: no hole card.
  const early = rules.earlySurrender === 'vs10' ? ' ES10' : rules.earlySurrender === 'all' ? ' ES' : '';
  const late = rules.surrenderAllowed && rules.earlySurrender !== 'all' ? ' LS' : '';
  return `${rules.numDecks}D ${rules.dealerStandsSoft17 ? 'S17' : 'H17'} ${rules.doubleAfterSplit ? 'DAS' : 'NDAS'}${late}${early}${rules.dealerPeeks === false ? ' ENHC' : ''}`;
}

export function TrainerPage() {
  return <WithTableSettings>{(settings) => <Drills settings={settings} />}</WithTableSettings>;
}

/** The drills of one player, with the rules and count of their table. */
function Drills({ settings }: { settings: TableSettings }) {
  const trainer = useTrainer(settings);
  const [params, setParams] = useSearchParams();
  const drillParam = params.get('drill');
  const drill = DRILL_TABS.find((t) => t.id === drillParam)?.id ?? 'runningCount';
  const select = (id: DrillId) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('drill', id);
        return next;
      },
      { replace: true },
    );
  const { rules, counting } = trainer.settings;
  // "Drill these" from the mistakes list: the hands' cells, for the basic strategy drill.
  const handsParam = params.get('hands') ?? '';
  const chosen = useMemo(() => cellKeysOfHands(parseDrillHands(handsParam)), [handsParam]);
  return (
    <div key={trainer.owner} className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold">Drills</h1>
        <p className="text-sm text-slate-400">
          {rulesLine(rules)} · {countingSystemOf(counting).name} · set at the table
        </p>
      </div>
      <nav aria-label="Drill" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-900 p-1 ring-1 ring-slate-800 sm:grid-cols-5">
        {DRILL_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-pressed={t.id === drill}
            aria-label={t.label}
            onClick={() => select(t.id)}
            className={`rounded-lg px-2 py-2 text-sm font-semibold transition ${
              t.id === drill ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`}
          >
            <span className="sm:hidden">{t.short}</span>
            <span className="hidden sm:inline">{t.label}</span>
          </button>
        ))}
      </nav>
      {drill === 'runningCount' ? <CountdownDrill key={drill} trainer={trainer} /> : null}
      {drill === 'pairs' ? <PairsDrill key={drill} trainer={trainer} /> : null}
      {drill === 'flash' || drill === 'tableRound' ? <SpeedDrill key={drill} kind={drill} trainer={trainer} /> : null}
      {drill === 'betSizing' ? <BetDrill key={drill} trainer={trainer} /> : null}
      {drill === 'trueCount' || drill === 'deckEstimation' ? <TrayDrill key={drill} kind={drill} trainer={trainer} /> : null}
      {drill === 'deviations' && trainer.store.signedIn ? <ServedDeviationDrill key={drill} trainer={trainer} /> : drill === 'basicStrategy' || drill === 'deviations' ? (
        <StrategyDrill
          key={`${drill}:${handsParam}`}
          kind={drill === 'basicStrategy' ? 'basic' : 'deviations'}
          trainer={trainer}
          chosen={chosen}
          onCountdown={() => select('runningCount')}
          onEveryCell={() =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.delete('hands');
                return next;
              },
              { replace: true },
            )
          }
        />
      ) : null}
    </div>
  );
}
