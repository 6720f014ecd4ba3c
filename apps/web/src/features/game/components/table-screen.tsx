import { useCallback, useMemo, useState } from 'react';
import { legalPlays, type CountingOptions, type PlayerAction, type Rules } from '@card-counter/engine';
import { CREDIT_COST_HAND, TABLE_LIMITS } from '@card-counter/shared';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { TableSnapshot, TableSource } from '../api/table-source.ts';
import { useCoach } from '../hooks/use-coach.ts';
import { useCountCheck } from '../hooks/use-count-check.ts';
import { useServerCountCheck } from '../hooks/use-server-count-check.ts';
import { useDealStep } from '../hooks/use-deal-step.ts';
import { useShoeHistory } from '../hooks/use-shoe-history.ts';
import { useTable } from '../hooks/use-table.ts';
import { useTablePrefs } from '../hooks/use-table-prefs.ts';
import { useTableShortcuts, type ShortcutAction } from '../hooks/use-table-shortcuts.ts';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import { canDeal } from '../model/legal-moves.ts';
import { ActionBar } from './action-bar.tsx';
import { ChipRack } from './chip-rack.tsx';
import { CoachPanel } from './coach-panel.tsx';
import { CountCheck } from './count-check.tsx';
import { CountPanel } from './count-panel.tsx';
import { Felt } from './felt.tsx';
import { InsuranceOffer } from './insurance-offer.tsx';
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
  const training = table.snapshot?.training ?? null;
  const [localPrefs, setPrefs] = useTablePrefs();
  // On a server table, index plays and count checks are the server's (ADR 0028): the coach
  // advises by the standard the server grades against. The other prefs stay in this browser.
  const prefs = useMemo(
    () => (training === null ? localPrefs : { ...localPrefs, indexPlays: training.settings.indexPlays, countCheck: training.settings.countChecks }),
    [localPrefs, training],
  );
  const shoes = useShoeHistory(state, shoeHistoryKey);
  const coach = useCoach(state, prefs, record);
  const { act, answerCountCheck } = table;
  // The browser asks and grades only on its own engine; the server's table asks and grades itself.
  const localCheck = useCountCheck(state, source.kind === 'server' ? 'off' : prefs.countCheck, record, random);
  const sendCheck = useCallback(
    async (id: string, answer: number) => {
      const next = await answerCountCheck(id, answer);
      // A right answer may pay a reward with the answer (docs/rewards.md).
      if (next) onBalance?.(next.state.balance);
    },
    [answerCountCheck, onBalance],
  );
  const serverCheck = useServerCountCheck(training, sendCheck);
  const check = source.kind === 'server' ? serverCheck : localCheck;
  const [spot, setSpot] = useState(0);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [warning, setWarning] = useState<{ chosen: PlayerAction; recommended: PlayerAction } | null>(null);
  const stepMs = useDealStep(state?.config.gameSpeed ?? 1);
  // On a phone the felt and the Deal button fill the screen: the count check goes right under
  // them (and scrolls into view when asked) instead of below the chips at the top of the side column.
  const wide = useWideScreen();
  const loadLastShoe = useCallback(() => source.lastShoe(), [source]);

  const afterAct = useCallback(
    async (p: ReturnType<typeof act>) => {
      const next = await p;
      if (next) onBalance?.(next.state.balance);
    },
    [onBalance],
  );

  const play = useCallback(
    (action: PlayerAction, confirmed = false) => {
      const advice = coach.advice;
      if (!confirmed && prefs.coach === 'warn' && advice && action !== advice.recommended) {
        setWarning({ chosen: action, recommended: advice.recommended });
        return;
      }
      setWarning(null);
      coach.judge(action);
      void afterAct(act({ type: action }));
    },
    [coach, prefs.coach, act, afterAct],
  );

  const deal = useCallback(() => {
    setWarning(null);
    void afterAct(act({ type: 'deal' }));
  }, [act, afterAct]);

  const moves = state ? legalPlays(state) : null;
  const dealable = state ? canDeal(state) : false;

  useTableShortcuts(prefs.shortcuts && !settingsOpen, (key: ShortcutAction) => {
    if (!state || !moves || table.busy || warning) return false;
    if (key === 'deal') {
      if (!dealable) return false;
      deal();
      return true;
    }
    if (!moves[key]) return false;
    play(key);
    return true;
  });

  if (!state || !moves) {
    if (table.error === null) return <p className="text-center text-slate-300">Setting up the table...</p>;
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
        <p role="alert" className="text-rose-300">
          {table.error}
        </p>
        <button type="button" onClick={table.reload} className="rounded-md bg-emerald-500 px-4 py-2 font-bold text-slate-950 hover:bg-emerald-400">
          Try again
        </button>
      </div>
    );
  }

  const spots = state.handBets.length;
  const selected = Math.min(spot, spots - 1);
  const betTotal = state.handBets.reduce((a, b) => a + b, 0);
  const fee = CREDIT_COST_HAND * spots;
  const spotBet = state.handBets[selected] ?? 0;
  const canAdd = (value: number) => !state.gameInProgress && spotBet + value <= TABLE_LIMITS.maxBet && betTotal + value + fee <= state.balance;

  const applySettings = (rules: Rules, counting: CountingOptions) => {
    const changed = JSON.stringify(rules) !== JSON.stringify(state.config);
    const countChanged = JSON.stringify(counting) !== JSON.stringify(state.counting);
    void (async () => {
      if (changed && !(await table.act({ type: 'setConfig', rules }))) return;
      if (countChanged && !(await table.setCounting(counting))) return;
      setSettingsOpen(false);
    })();
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <TableHeader balance={state.balance} rules={state.config} local={source.kind === 'local'} settingsOpen={settingsOpen} onToggleSettings={() => setSettingsOpen((o) => !o)} />
      {settingsOpen && (
        <div id="table-settings">
          <SettingsPanel
            rules={state.config}
            counting={state.counting}
            prefs={prefs}
            locked={state.gameInProgress}
            onApply={applySettings}
            onPrefs={setPrefs}
            onClose={() => setSettingsOpen(false)}
            training={training === null ? undefined : { settings: training.settings, onChange: (patch) => void table.setTraining(patch), busy: table.busy }}
          />
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Table" className="flex min-w-0 flex-col gap-4">
          <Felt state={state} selectedSpot={selected} onSelectSpot={setSpot} stepMs={stepMs} />
          {state.gamePhase === 'insurance' ? (
            <InsuranceOffer
              state={state}
              busy={table.busy}
              onDecide={(take) => {
                coach.judgeInsurance(take);
                void afterAct(act({ type: 'insurance', take }));
              }}
            />
          ) : (
            <ActionBar moves={moves} canDeal={dealable} showDeal={!state.gameInProgress} busy={table.busy} shortcuts={prefs.shortcuts} onMove={(a) => play(a)} onDeal={deal} />
          )}
          {table.error && (
            <p role="alert" className="text-center text-sm font-semibold text-rose-300">
              {table.error}
            </p>
          )}
          {!wide && <CountCheck check={check} />}
          {!state.gameInProgress && (
            <ChipRack
              canAdd={canAdd}
              onAdd={(value) => void act({ type: 'bet', amount: spotBet + value, spot: selected })}
              onClear={() => void act({ type: 'bet', amount: 0, spot: selected })}
              canClear={spotBet > 0}
              spotLabel={spots > 1 ? `spot ${selected + 1}` : null}
            />
          )}
        </section>
        <aside className="flex min-w-0 flex-col gap-4" aria-label="Count, coach and session">
          {wide && <CountCheck check={check} />}
          <CoachPanel mode={prefs.coach} verdict={coach.verdict} insurance={coach.insurance} totals={coach.totals} warning={warning} onConfirm={() => warning && play(warning.chosen, true)} onCancel={() => setWarning(null)} />
          <CountPanel state={state} prefs={prefs} onPrefs={setPrefs} earlierCommitments={shoes.earlier} loadLastShoe={loadLastShoe} />
          <SessionStatsPanel stats={state.sessionStats} net={state.lastResult?.net ?? null} canReset={!state.gameInProgress} onReset={() => void act({ type: 'reset' })} />
        </aside>
      </div>
    </div>
  );
}
