import type { CountingOptions, Rules, VisibleGameState } from '@card-counter/engine';
import type { BetRampControl } from '../hooks/use-bet-ramp.ts';
import type { TableHandle } from '../hooks/use-table.ts';
import type { TablePrefs } from '../hooks/use-table-prefs.ts';
import { BetRampSettings } from './bet-ramp-settings.tsx';
import { SettingsPanel } from './settings-panel.tsx';

// Its own chunk (table-screen.tsx loads it when the settings first open): the rules, the count,
// the coach, the pace and the bet ramp's editor are not needed to play a round.

/** The settings panel: rules and count between rounds (rules first, then the count), prefs and the server's training. */
export function TableSettings({ table, state, prefs, onPrefs, onClose, betRamp, server }: { table: TableHandle; state: VisibleGameState; prefs: TablePrefs; onPrefs: (patch: Partial<TablePrefs>) => void; onClose: () => void; betRamp: BetRampControl; server: boolean }) {
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
      >
        <BetRampSettings control={betRamp} server={server} rules={state.config} />
      </SettingsPanel>
    </div>
  );
}
