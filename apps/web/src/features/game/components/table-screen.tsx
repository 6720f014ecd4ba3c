import { useCallback, useState, type ReactNode } from 'react';
import type { CountingOptions, Rules, VisibleGameState } from '@card-counter/engine';
import { CREDIT_COST_HAND, TABLE_LIMITS } from '@card-counter/shared';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { TableSnapshot, TableSource } from '../api/table-source.ts';
import { useCoach } from '../hooks/use-coach.ts';
import { useDealStep } from '../hooks/use-deal-step.ts';
import { useShoeHistory } from '../hooks/use-shoe-history.ts';
import { useTable, type TableHandle } from '../hooks/use-table.ts';
import { useTableMoves } from '../hooks/use-table-moves.ts';
import type { TablePrefs } from '../hooks/use-table-prefs.ts';
import { useTableTraining } from '../hooks/use-table-training.ts';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import { ActionBar } from './action-bar.tsx';
import { ChipRack } from './chip-rack.tsx';
import { CoachPanel } from './coach-panel.tsx';
import { CountCheck } from './count-check.tsx';
import { CountPanel } from './count-panel.tsx';
import { Felt } from './felt.tsx';
import { InsuranceOffer } from './insurance-offer.tsx';
import { SeatControls } from './seat-controls.tsx';
import { SessionStatsPanel } from './session-stats-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { TableHeader } from './table-header.tsx';

export interface TableScreenProps {
  source: TableSource;
  record: PlayRecord;
  /** Where this player's shoe history (the shoe before this one, to verify) is kept. */
  shoeHistoryKey: string;
  onBalance?: (balance: number) => void;
  /** Count checks ask at random moments; tests pin the dice. */
  random?: () => number;
}

/** The table: everything the player sees and does, through one TableSource. */
export function TableScreen({ source, record, shoeHistoryKey, onBalance, random }: TableScreenProps) {
  // Another tab's table moves the navigation bar's credits as this tab's own answers do.
  const onFollow = useCallback((s: TableSnapshot) => onBalance?.(s.state.balance), [onBalance]);
  const table = useTable(source, onFollow);
  const state = table.snapshot?.state ?? null;
  const { prefs, setPrefs, check } = useTableTraining(source, table, record, onBalance, random);
  const shoes = useShoeHistory(state, shoeHistoryKey);
  const coach = useCoach(state, prefs, record);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const moves = useTableMoves(table, coach, prefs, onBalance, !settingsOpen);
  const step_ms = useDealStep(state?.config.gameSpeed ?? 1);
  // On a phone the felt and the Deal button fill the screen: the count check goes right under
  // them (and scrolls into view when asked) instead of below the chips at the top of the side column.
  const wide = useWideScreen();
  const loadLastShoe = useCallback(() => source.lastShoe(), [source]);

  if (!state || !moves.moves) return <TableNotReady error={table.error} onReload={table.reload} />;
  const legal = moves.moves;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <TableHeader balance={state.balance} rules={state.config} local={source.kind === 'local'} settingsOpen={settingsOpen} onToggleSettings={() => setSettingsOpen((o) => !o)} />
      {settingsOpen && <TableSettings table={table} state={state} prefs={prefs} onPrefs={setPrefs} onClose={() => setSettingsOpen(false)} />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Table" className="flex min-w-0 flex-col gap-4">
          <PlayArea table={table} state={state} step_ms={step_ms}>
            {state.gamePhase === 'insurance' ? (
              <InsuranceOffer state={state} busy={table.busy} onDecide={moves.insure} />
            ) : (
              <ActionBar moves={legal} canDeal={moves.dealable} showDeal={!state.gameInProgress} busy={table.busy} shortcuts={prefs.shortcuts} onMove={(a) => moves.play(a)} onDeal={moves.deal} />
            )}
            {table.error && (
              <p role="alert" className="text-center text-sm font-semibold text-rose-300">
                {table.error}
              </p>
            )}
            {!wide && <CountCheck check={check} />}
          </PlayArea>
        </section>
        <aside className="flex min-w-0 flex-col gap-4" aria-label="Count, coach and session">
          {wide && <CountCheck check={check} />}
          <CoachPanel mode={prefs.coach} verdict={coach.verdict} insurance={coach.insurance} totals={coach.totals} warning={moves.warning} onConfirm={() => moves.warning && moves.play(moves.warning.chosen, true)} onCancel={moves.dismissWarning} />
          <CountPanel state={state} prefs={prefs} onPrefs={setPrefs} earlierCommitments={shoes.earlier} loadLastShoe={loadLastShoe} />
          <SessionStatsPanel stats={state.sessionStats} net={state.lastResult?.net ?? null} canReset={!state.gameInProgress} onReset={() => void table.act({ type: 'reset' })} />
        </aside>
      </div>
    </div>
  );
}

/** Before the first table: setting it up, or why it could not be loaded, with Try again. */
function TableNotReady({ error, onReload }: { error: string | null; onReload: () => void }) {
  if (error === null) return <p className="text-center text-slate-300">Setting up the table...</p>;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
      <p role="alert" className="text-rose-300">
        {error}
      </p>
      <button type="button" onClick={onReload} className="rounded-md bg-emerald-500 px-4 py-2 font-bold text-slate-950 hover:bg-emerald-400">
        Try again
      </button>
    </div>
  );
}

/** The settings panel: rules and count between rounds (rules first, then the count), prefs and the server's training. */
function TableSettings({ table, state, prefs, onPrefs, onClose }: { table: TableHandle; state: VisibleGameState; prefs: TablePrefs; onPrefs: (patch: Partial<TablePrefs>) => void; onClose: () => void }) {
  const training = table.snapshot?.training ?? null;
  const applySettings = (rules: Rules, counting: CountingOptions) => {
    const changed = JSON.stringify(rules) !== JSON.stringify(state.config);
    const countChanged = JSON.stringify(counting) !== JSON.stringify(state.counting);
    void (async () => {
      if (changed && !(await table.act({ type: 'setConfig', rules }))) return;
      if (countChanged && !(await table.setCounting(counting))) return;
      onClose();
    })();
  };
  return (
    <div id="table-settings">
      <SettingsPanel
        rules={state.config}
        counting={state.counting}
        prefs={prefs}
        locked={state.gameInProgress}
        onApply={applySettings}
        onPrefs={onPrefs}
        onClose={onClose}
        training={training === null ? undefined : { settings: training.settings, onChange: (patch) => void table.setTraining(patch), busy: table.busy }}
      />
    </div>
  );
}

/** The felt with its spots, what the player does now (`children`), and the chips between rounds for the spot picked. */
function PlayArea({ table, state, step_ms, children }: { table: TableHandle; state: VisibleGameState; step_ms: number; children: ReactNode }) {
  const [spot, setSpot] = useState(0);
  const spots = state.handBets.length;
  const selected = Math.min(spot, spots - 1);
  const betTotal = state.handBets.reduce((a, b) => a + b, 0);
  const fee = CREDIT_COST_HAND * spots;
  const spotBet = state.handBets[selected] ?? 0;
  const canAdd = (value: number) => !state.gameInProgress && spotBet + value <= TABLE_LIMITS.maxBet && betTotal + value + fee <= state.balance;
  return (
    <>
      <Felt state={state} selectedSpot={selected} onSelectSpot={setSpot} step_ms={step_ms} />
      {children}
      {!state.gameInProgress && !state.sittingOut && (
        <ChipRack
          canAdd={canAdd}
          onAdd={(value) => void table.act({ type: 'bet', amount: spotBet + value, spot: selected })}
          onClear={() => void table.act({ type: 'bet', amount: 0, spot: selected })}
          canClear={spotBet > 0}
          spotLabel={spots > 1 ? `spot ${selected + 1}` : null}
        />
      )}
      <SeatControls state={state} busy={table.busy} onAct={(action) => void table.act(action)} />
    </>
  );
}
