import { Suspense, useCallback, useState, type ReactNode } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { TableSnapshot, TableSource } from '../api/table-source.ts';
import { useAdoptCredits } from '../hooks/use-adopt-credits.ts';
import { useAutoAdvance } from '../hooks/use-auto-advance.ts';
import { useBetGrades } from '../hooks/use-bet-grades.ts';
import { useBetRamp } from '../hooks/use-bet-ramp.ts';
import { useBetting, type Betting } from '../hooks/use-betting.ts';
import { useCoach } from '../hooks/use-coach.ts';
import { useFullIndexSet } from '../hooks/use-full-index-set.tsx';
import { useDealStep } from '../hooks/use-deal-step.ts';
import { useKeyboardPlay } from '../hooks/use-keyboard-play.ts';
import { useShoeReport } from '../hooks/use-shoe-report.ts';
import { useSessionTotals } from '../hooks/use-session-totals.ts';
import { useShoeHistory } from '../hooks/use-shoe-history.ts';
import { useTable, type TableHandle } from '../hooks/use-table.ts';
import { useSeatActions } from '../hooks/use-seat-actions.ts';
import { useTableMoves } from '../hooks/use-table-moves.ts';
import type { TablePrefs } from '../hooks/use-table-prefs.ts';
import { useTableTraining } from '../hooks/use-table-training.ts';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import { ActionBar } from './action-bar.tsx';
import { BetControls } from './bet-controls.tsx';
import { RampBetHint } from './ramp-bet-hint.tsx';
import { ChipRack } from './chip-rack.tsx';
import { CoachPanel } from './coach-panel.tsx';
import { CoachWarning } from './coach-warning.tsx';
import { TableAnnouncer } from './table-announcer.tsx';
import type { Verdict } from '../model/coach-verdicts.ts';
import { CountCheck } from './count-check.tsx';
import { CountPanel } from './count-panel.tsx';
import { Felt } from './felt.tsx';
import { InsuranceOffer } from './insurance-offer.tsx';
import { PlayHud } from './play-hud.tsx';
import { SeatControls } from './seat-controls.tsx';
import { SessionStatsPanel } from './session-stats-panel.tsx';
import { ReportButton } from './report-button.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { TestModeNote } from './test-mode-note.tsx';
import { TableHeader } from './table-header.tsx';

// Opened now and then, not needed to play a round: each is its own chunk, loaded when first shown.
const TableSettings = lazyChunk(() => import('./table-settings.tsx').then((m) => ({ default: m.TableSettings })));
// Early surrender before the peek: only that rule asks it (decision record 0050), a chunk of its own.
const EarlySurrenderOffer = lazyChunk(() => import('./rule-notes.tsx').then((m) => ({ default: m.EarlySurrenderOffer })));
// The player's result at this count, the bet's grade and the bets by the count (sidebar-extras.tsx).
const RecordAndBet = lazyChunk(() => import('./sidebar-extras.tsx').then((m) => ({ default: m.RecordAndBet })));
const SessionBetting = lazyChunk(() => import('./sidebar-extras.tsx').then((m) => ({ default: m.SessionBetting })));
// Asked only when a player throws a shoe away.
const NewShoeConfirm = lazyChunk(() => import('./new-shoe-confirm.tsx').then((m) => ({ default: m.NewShoeConfirm })));
const ShoeReportDialog = lazyChunk(() => import('./shoe-report.tsx').then((m) => ({ default: m.ShoeReportDialog })));

export interface TableScreenProps {
  source: TableSource;
  record: PlayRecord;
  /** Where this player's shoe history (the shoe before this one, to verify) is kept. */
  shoeHistoryKey: string;
  onBalance?: (balance: number) => void;
  /** The credit balance the navigation bar shows, on a server table (see use-adopt-credits.ts). */
  credits?: number;
  /** Count checks ask at random moments; tests pin the dice. */
  random?: () => number;
}

/** The table: everything the player sees and does, through one TableSource. */
export function TableScreen({ source, record, shoeHistoryKey, onBalance, credits, random }: TableScreenProps) {
  // Another tab's table moves the navigation bar's credits as this tab's own answers do.
  const onFollow = useCallback((s: TableSnapshot) => onBalance?.(s.state.balance), [onBalance]);
  const table = useTable(source, onFollow);
  useAdoptCredits(table, credits);
  const state = table.snapshot?.state ?? null;
  const { prefs, setPrefs, check } = useTableTraining(source, table, record, onBalance, random);
  const shoes = useShoeHistory(state, shoeHistoryKey);
  // Test mode: the coach is silent until the shoe's report (the server grades meanwhile).
  const playPrefs = prefs.testMode ? { ...prefs, coach: 'off' as const } : prefs;
  // A server table's coach advises by the set the record grades by (ADR 0074), fetched after the first screen.
  const fullSet = useFullIndexSet(state, source.kind === 'server' && playPrefs.coach !== 'off' && playPrefs.indexPlays);
  const coach = useCoach(state, playPrefs, record, useSessionTotals(source), fullSet.set);
  const betRamp = useBetRamp(source, table);
  const bets = useBetGrades(state, betRamp.ramp);
  // Test mode hides the ramp's bet and the bets' grades too: the count would show through them.
  const testMode = prefs.testMode;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [dialog, setDialog] = useState<'help' | 'newShoe' | null>(null);
  const moves = useTableMoves(table, coach, playPrefs, onBalance);
  const step_ms = useDealStep(prefs.dealPace_cps);
  const report = useShoeReport(source, state, check.asking);
  useAutoAdvance({ state, step_ms, pause_s: prefs.autoAdvance_s, hold: check.asking || settingsOpen || dialog !== null || report.open || table.busy, deal: moves.deal });
  // On a phone the felt and the Deal button fill the screen: the count check goes right under
  // them (and scrolls into view when asked) instead of below the chips at the top of the side column.
  const wide = useWideScreen();
  const loadLastShoe = useCallback(() => source.lastShoe(), [source]);

  if (!state || !moves.moves) return <TableNotReady error={table.error} onReload={table.reload} />;
  const openHelp = () => setDialog('help');
  const toggleSettings = () => setSettingsOpen((o) => !o);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 sm:gap-4">
      {fullSet.feed}
      <TableHeader balance={state.balance} rules={state.config} local={source.kind === 'local'} settingsOpen={settingsOpen} onToggleSettings={toggleSettings} shortcuts={prefs.shortcuts} />
      {settingsOpen && (
        <Suspense fallback={<p role="status" className="text-center text-sm text-slate-400">Loading the settings...</p>}>
          <TableSettings table={table} state={state} prefs={prefs} onPrefs={setPrefs} onClose={() => setSettingsOpen(false)} betRamp={betRamp} server={source.kind === 'server'} />
        </Suspense>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Table" className="flex min-w-0 flex-col gap-3 sm:gap-4">
          <PlayArea
            table={table} state={state} verdict={coach.verdict} step_ms={step_ms} shortcuts={prefs.shortcuts && !settingsOpen && !report.open} moves={moves} onHelp={openHelp} onSettings={toggleSettings} onAskNewShoe={() => setDialog('newShoe')}
            controls={<TableControls state={state} table={table} moves={moves} prefs={prefs} playPrefs={playPrefs} coach={coach} wide={wide} />}
          >
            {!wide && <CountCheck check={check} />}
          </PlayArea>
          {betRamp.ramp !== null && betRamp.showRampBet && !testMode && !state.gameInProgress && <RampBetHint ramp={betRamp.ramp} trueCount={state.trueCount} rules={state.config} />}
        </section>
        <aside className="flex min-w-0 flex-col gap-4" aria-label="Count, coach and session">
          {wide && <CountCheck check={check} />}
          {prefs.testMode ? (
            <TestModeNote reports={report.available} />
          ) : (
            <CoachPanel mode={prefs.coach} verdict={coach.verdict} insurance={coach.insurance} totals={coach.totals} amountBet={state.sessionStats.totalBet} warning={moves.warning} onConfirm={moves.confirm} onCancel={moves.dismissWarning} shortcuts={prefs.shortcuts} showWarning={wide} continuousShuffler={state.config.continuousShuffler} />
          )}
          {!testMode && <Later><RecordAndBet state={state} server={source.kind === 'server'} ramp={betRamp.ramp} bets={bets} /></Later>}
          <CountPanel state={state} prefs={prefs} onPrefs={setPrefs} earlierCommitments={shoes.earlier} loadLastShoe={loadLastShoe} testMode={prefs.testMode} />
          {report.available && <ReportButton onClick={report.showSession} />}
          <SessionStatsPanel stats={state.sessionStats} net={state.lastResult?.net ?? null} canReset={!state.gameInProgress} onReset={() => void table.act({ type: 'reset' })} betting={testMode || betRamp.ramp === null ? undefined : <Later><SessionBetting ramp={betRamp.ramp} bets={bets} /></Later>} />
        </aside>
      </div>
      <TableDialogs report={report} helpOpen={dialog === 'help'} onCloseHelp={() => setDialog(null)} newShoe={dialog === 'newShoe' ? { table, cardsDealt: state.cardsDealtFromShoe, close: () => setDialog(null) } : null} />
    </div>
  );
}

/** A part loaded after the first screen: nothing in its place until it has arrived. */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

interface NewShoeAsk {
  table: TableHandle;
  cardsDealt: number;
  close: () => void;
}

/** The shoe's report, the keys' help and the new shoe's question, over the table when open. */
function TableDialogs({ report, helpOpen, onCloseHelp, newShoe }: { report: ReturnType<typeof useShoeReport>; helpOpen: boolean; onCloseHelp: () => void; newShoe: NewShoeAsk | null }) {
  return (
    <>
      {newShoe && (
        <Suspense fallback={null}>
          <NewShoeConfirm
            cardsDealt={newShoe.cardsDealt}
            onCancel={newShoe.close}
            onConfirm={() => {
              newShoe.close();
              void newShoe.table.act({ type: 'newShoe' });
            }}
          />
        </Suspense>
      )}
      {report.open && (
        <Suspense fallback={null}>
          <ShoeReportDialog handle={report} />
        </Suspense>
      )}
      {helpOpen && <ShortcutsHelp onClose={onCloseHelp} />}
    </>
  );
}

/** The moves (or Deal), the table's error and the count strip: the bar kept in view. */
function TableControls({ state, table, moves, prefs, playPrefs, coach, wide }: { state: VisibleGameState; table: TableHandle; moves: ReturnType<typeof useTableMoves>; prefs: TablePrefs; playPrefs: TablePrefs; coach: ReturnType<typeof useCoach>; wide: boolean }) {
  if (!moves.moves) return null;
  return (
    <>
      <MoveControls state={state} table={table} moves={moves} legal={moves.moves} prefs={playPrefs} wide={wide} />
      {table.error && (
        <p role="alert" className="text-center text-sm font-semibold text-rose-300">
          {table.error}
        </p>
      )}
      {/* The count strip: on a phone always; on a desktop when computer seats push the side column's count below the fold. */}
      {(!wide || state.config.otherPlayers > 0) && <PlayHud state={state} prefs={prefs} mode={playPrefs.coach} verdict={coach.verdict} insurance={coach.insurance} testMode={prefs.testMode} />}
    </>
  );
}

/** What the player answers now: insurance, early surrender, the coach's warning (in the moves' place on a phone) or the moves. */
function MoveControls({ state, table, moves, legal, prefs, wide }: { state: VisibleGameState; table: TableHandle; moves: ReturnType<typeof useTableMoves>; legal: NonNullable<ReturnType<typeof useTableMoves>['moves']>; prefs: TablePrefs; wide: boolean }) {
  if (state.gamePhase === 'insurance') return <InsuranceOffer state={state} busy={table.busy} shortcuts={prefs.shortcuts} onDecide={moves.insure} />;
  if (state.gamePhase === 'surrender')
    return (
      <Suspense fallback={<p className="text-center text-sm text-slate-400">Surrender early?</p>}>
        <EarlySurrenderOffer state={state} busy={table.busy} shortcuts={prefs.shortcuts} onDecide={moves.earlySurrender} />
      </Suspense>
    );
  if (!wide && moves.warning && prefs.coach !== 'off') {
    // On a phone the warning takes the moves' place: in sight, and the moves wait for its answer.
    return <CoachWarning warning={moves.warning} onConfirm={moves.confirm} onCancel={moves.dismissWarning} shortcuts={prefs.shortcuts} />;
  }
  return <ActionBar moves={legal} canDeal={moves.dealable} showDeal={!state.gameInProgress} busy={table.busy} shortcuts={prefs.shortcuts} onMove={(a) => moves.play(a)} onDeal={moves.deal} />;
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

interface PlayAreaProps {
  table: TableHandle;
  state: VisibleGameState;
  /** The coach's newest verdict, spoken by the announcer with the cards. */
  verdict: Verdict | null;
  step_ms: number;
  /** Keyboard play on (off while the settings are open). */
  shortcuts: boolean;
  moves: ReturnType<typeof useTableMoves>;
  onHelp: () => void;
  onSettings: () => void;
  /** New shoe (its button or U): opens the question. */
  onAskNewShoe: () => void;
  /** What the player does now and the count strip: kept in view at the bottom of the screen while the felt scrolls. */
  controls: ReactNode;
  children: ReactNode;
}

/** The felt with its spots, what the player does now (`children`), and the chips between rounds for the spot picked. */
function PlayArea({ table, state, verdict, step_ms, shortcuts, moves, onHelp, onSettings, onAskNewShoe, controls, children }: PlayAreaProps) {
  const betting = useBetting(table, state);
  const seat = useSeatActions(state, table.busy, (action) => void table.act(action), onAskNewShoe);
  useKeyboardPlay(shortcuts, { state, busy: table.busy, moves, betting, openHelp: onHelp, toggleSettings: onSettings, seat });
  const spots = state.handBets.length;
  return (
    <>
      <TableAnnouncer state={state} verdict={verdict} />
      <Felt state={state} selectedSpot={betting.selected} onSelectSpot={betting.select} step_ms={step_ms} />
      {/* With computer seats the felt is taller than a 1280x800 screen: Hit/Stand, Deal and the count stay in sight. */}
      <div data-testid="table-controls" className="sticky bottom-0 z-20 -mx-1 flex flex-col gap-2 rounded-t-lg bg-slate-950/90 px-1 py-2 backdrop-blur-sm">
        {controls}
      </div>
      {children}
      {!state.gameInProgress && !state.sittingOut && <Chips betting={betting} spots={spots} shortcuts={shortcuts} onHelp={onHelp} />}
      <SeatControls state={state} busy={table.busy} actions={seat} shortcuts={shortcuts} />
    </>
  );
}

function Chips({ betting, spots, shortcuts, onHelp }: { betting: Betting; spots: number; shortcuts: boolean; onHelp: () => void }) {
  return (
    <>
      <ChipRack canAdd={betting.canAdd} onAdd={betting.add} onClear={betting.clear} canClear={betting.canClear} spotLabel={spots > 1 ? `spot ${betting.selected + 1}` : null} note={betting.stepNote} />
      <BetControls betting={betting} spots={spots} shortcuts={shortcuts} onHelp={onHelp} />
    </>
  );
}
