import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { RULE_LIMITS, countingSystemOf, indexSourceFor, sideCountsAces, type CountSpec, type CountingOptions, type Rules } from '@card-counter/engine';
import type { TableTrainingSettings } from '@card-counter/shared';
import { CountChooser } from '@/shared/counting/count-chooser.tsx';
import { useIndexSet } from '@/shared/index-sets/use-index-set.ts';
import type { TablePrefs } from '../hooks/use-table-prefs.ts';
import { indexPlaysLabel } from '../model/coach-index.ts';
import { AUTO_ADVANCE_PAUSES_s, DEAL_PACES_cps } from '../model/deal-pace.ts';
import { CheckField, SelectField } from './settings-fields.tsx';

export interface SettingsPanelProps {
  rules: Rules;
  counting: CountingOptions;
  prefs: TablePrefs;
  /** Rules and the count change between rounds only. */
  locked: boolean;
  onApply: (rules: Rules, counting: CountingOptions) => void;
  onPrefs: (patch: Partial<TablePrefs>) => void;
  onClose: () => void;
  /**
   * A server table's training settings (ADR 0028): index plays and count checks are the
   * server's, shown from the table and changed through it; absent on the local engine, whose
   * switches are `prefs` like the rest.
   */
  training?: TrainingControl;
  /** More training settings at the panel's end (the bet ramp). */
  children?: ReactNode;
}

export interface TrainingControl {
  settings: TableTrainingSettings;
  onChange: (patch: Partial<TableTrainingSettings>) => void;
  /** A change is on its way: the switches wait for the table's answer. */
  busy: boolean;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: String(from + i) }));
const PEN = [0.5, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15].map((p) => ({ value: p, label: `${Math.round((1 - p) * 100)}%` }));
const PAYS = [
  { value: 1.5, label: '3:2' },
  { value: 1.2, label: '6:5' },
  { value: 1, label: '1:1' },
];
const PACE = DEAL_PACES_cps.map((p) => ({ value: p, label: p === 0 ? 'Instant' : `${p} card${p === 1 ? '' : 's'} a second` }));
const ADVANCE = AUTO_ADVANCE_PAUSES_s.map((s) => ({ value: s, label: s === 0 ? 'When I click Deal' : `Same bets after ${s} s` }));
// Short enough for half a phone's width (the field's name says whose mistakes they are).
const ERROR_PCT = [0, 2, 5, 10, 15, 20].map((p) => ({ value: p, label: p === 0 ? 'None' : `${p}% of plays` }));
const DOUBLE = [
  { value: 'any', label: 'Any two cards' },
  { value: '9-11', label: '9, 10 or 11' },
  { value: '10-11', label: '10 or 11' },
] as const;
const EARLY_SURRENDER = [
  { value: 'none', label: 'None' },
  { value: 'vs10', label: 'Against a ten' },
  { value: 'all', label: 'Any upcard' },
] as const;
const NO_HOLE_LOSSES = [
  { value: 'original', label: 'Original bets only' },
  { value: 'all', label: 'All bets (doubles, splits)' },
] as const;
const RESOLUTION = [
  { value: 'exact', label: 'Exact decks' },
  { value: 'half', label: 'Half deck' },
  { value: 'full', label: 'Whole deck' },
] as const;
const ROUNDING = [
  { value: 'floor', label: 'Floor' },
  { value: 'truncate', label: 'Truncate' },
  { value: 'round', label: 'Round' },
  { value: 'none', label: 'No rounding' },
] as const;
const COACH = [
  { value: 'after', label: 'Judge each decision' },
  { value: 'warn', label: 'Warn before a wrong move' },
  { value: 'off', label: 'Off' },
] as const;
const CHECKS = [
  { value: 'random', label: 'Now and then, and at the shuffle' },
  { value: 'shoeEnd', label: 'At the shuffle' },
  { value: 'off', label: 'Never' },
] as const;

/** Every rule of the game config, the count convention and the coach, in one panel. */
/** Some field of `draft` differs from `applied` (key order aside). */
function changed<T extends object>(draft: T, applied: T): boolean {
  return (Object.keys(draft) as (keyof T)[]).some((k) => JSON.stringify(draft[k]) !== JSON.stringify(applied[k]));
}

export function SettingsPanel({ rules, counting, prefs, locked, onApply, onPrefs, onClose, training, children }: SettingsPanelProps) {
  const [draft, setDraft] = useState(rules);
  const [count, setCount] = useState(counting);
  /** A custom count being typed that is not a count yet: nothing to apply. */
  const [countValid, setCountValid] = useState(true);
  const chooseCount = (spec: CountSpec | null) => {
    setCountValid(spec !== null);
    if (spec) setCount(({ resolution, rounding, aceSideCount }) => ({ resolution, rounding, system: spec.system, ...(spec.custom ? { custom: spec.custom } : {}), ...(aceSideCount ? { aceSideCount } : {}) }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (countValid) onApply(draft, count);
  };
  // The Apply button sits below the fields (far below on a phone): a change not yet applied is
  // said at both ends, or Close would drop it without a word.
  const unapplied = changed(draft, rules) || changed(count, counting);
  return (
    <section aria-labelledby="settings-heading" className="rounded-xl border border-slate-700 bg-slate-900 p-4 sm:p-5">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="settings-heading" className="text-lg font-bold">
          Table settings
        </h2>
        {unapplied && !locked && <span className="ml-auto mr-2 text-xs text-amber-300">Not applied yet</span>}
        <button type="button" onClick={onClose} className="rounded-md px-3 py-1.5 text-sm text-slate-300 hover:bg-slate-800">
          Close settings
        </button>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <RulesFields draft={draft} setDraft={setDraft} locked={locked} />
        <fieldset disabled={locked} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-slate-200">Counting</legend>
          <CountChooser value={count} onChange={chooseCount} rules={draft} disabled={locked} />
          <SelectField label="Decks remaining" value={count.resolution} options={RESOLUTION} onChange={(resolution) => setCount((c) => ({ ...c, resolution }))} />
          <SelectField label="True count rounding" value={count.rounding} options={ROUNDING} onChange={(rounding) => setCount((c) => ({ ...c, rounding }))} />
          {countValid && sideCountsAces(countingSystemOf(count)) && (
            <CheckField label="Ace side count (bets)" checked={count.aceSideCount === true} onChange={(aceSideCount) => setCount((c) => ({ ...c, aceSideCount }))} />
          )}
        </fieldset>
        <button type="submit" disabled={locked || !countValid} className="self-start rounded-md bg-emerald-500 px-4 py-2 text-sm font-bold text-slate-950 hover:bg-emerald-400 disabled:opacity-50">
          Apply to the next round
        </button>
        {unapplied && !locked && (
          <p className="-mt-2 text-sm text-amber-300" data-testid="settings-unapplied">
            Changed, not applied yet.
          </p>
        )}
      </form>
      <CoachFields rules={rules} counting={counting} prefs={prefs} onPrefs={onPrefs} training={training} />
      {children}
    </section>
  );
}

/** The rules, drafted here and applied with the count between rounds. */
function RulesFields({ draft, setDraft, locked }: { draft: Rules; setDraft: Dispatch<SetStateAction<Rules>>; locked: boolean }) {
  const set = <K extends keyof Rules>(key: K) => (value: Rules[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const seatsMax = RULE_LIMITS.seats_max;
  // Spots and other players share the table's seats: more spots leave fewer seats to the others.
  const setSpots = (spots: number) => setDraft((d) => ({ ...d, numInitialHands: spots, otherPlayers: Math.min(d.otherPlayers, seatsMax - spots) }));
  return (
    <fieldset disabled={locked} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <legend className="mb-2 text-sm font-semibold text-slate-200">Rules {locked && <span className="font-normal text-amber-300">(change between rounds)</span>}</legend>
      <SelectField label="Decks" value={draft.numDecks} options={range(1, 8)} onChange={set('numDecks')} />
      <SelectField label="Penetration" value={draft.shufflePoint} options={PEN} onChange={set('shufflePoint')} />
      <SelectField label="Dealer on soft 17" value={draft.dealerStandsSoft17 ? 1 : 0} options={[{ value: 1, label: 'Stands (S17)' }, { value: 0, label: 'Hits (H17)' }]} onChange={(v) => set('dealerStandsSoft17')(v === 1)} />
      <SelectField label="Blackjack pays" value={draft.blackjackPays} options={PAYS} onChange={set('blackjackPays')} />
      <SelectField label="Spots" value={draft.numInitialHands} options={range(1, 7)} onChange={setSpots} />
      <SelectField label="Other players" value={draft.otherPlayers} options={range(0, seatsMax - draft.numInitialHands)} onChange={set('otherPlayers')} />
      <SelectField label="Their mistakes" value={draft.otherPlayersErrorPct} options={ERROR_PCT} onChange={set('otherPlayersErrorPct')} disabled={draft.otherPlayers === 0} />
      <SelectField label="Double on" value={draft.doubleDownRestriction} options={DOUBLE} onChange={set('doubleDownRestriction')} />
      <SelectField label="Max splits" value={draft.maxSplits} options={range(0, 3)} onChange={set('maxSplits')} />
      <SelectField label="Early surrender" value={draft.earlySurrender} options={EARLY_SURRENDER} onChange={set('earlySurrender')} />
      <SelectField label="No hole card: a blackjack takes" value={draft.noHoleCardLosses} options={NO_HOLE_LOSSES} onChange={set('noHoleCardLosses')} disabled={draft.dealerPeeks} />
      <CheckField label="Dealer peeks for blackjack" checked={draft.dealerPeeks} onChange={set('dealerPeeks')} />
      <CheckField label="Double after split" checked={draft.doubleAfterSplit} onChange={set('doubleAfterSplit')} />
      <CheckField label="Late surrender" checked={draft.surrenderAllowed} onChange={set('surrenderAllowed')} />
      <CheckField label="Insurance offered" checked={draft.insuranceAllowed} onChange={set('insuranceAllowed')} />
      <CheckField label="Resplit aces" checked={draft.resplitAces} onChange={set('resplitAces')} />
      <CheckField label="Hit split aces" checked={draft.hitSplitAces} onChange={set('hitSplitAces')} />
      <CheckField label="Continuous shuffler" checked={draft.continuousShuffler} onChange={set('continuousShuffler')} />
    </fieldset>
  );
}

/** The coach and the display, applied at once: the server's training on a server table, this browser's prefs otherwise. */
function CoachFields({ rules, counting, prefs, onPrefs, training }: Pick<SettingsPanelProps, 'rules' | 'counting' | 'prefs' | 'onPrefs' | 'training'>) {
  const countChecks = training ? training.settings.countChecks : prefs.countCheck;
  const indexPlays = training ? training.settings.indexPlays : prefs.indexPlays;
  const testMode = training ? training.settings.testMode : prefs.testMode;
  // A server table's coach plays the full set the record grades by (model/coach-index.ts).
  const indexSet = useIndexSet(rules, counting, training !== undefined && indexPlays);
  return (
    <fieldset className="mt-5 grid grid-cols-1 gap-3 border-t border-slate-800 pt-4 min-[480px]:grid-cols-2 sm:grid-cols-4">
      <legend className="sr-only">Coach and display</legend>
      <SelectField label="Coach mode" value={prefs.coach} options={COACH} onChange={(coach) => onPrefs({ coach })} />
      <SelectField
        label="Count checks"
        value={countChecks}
        options={CHECKS}
        disabled={training?.busy}
        onChange={(countCheck) => (training ? training.onChange({ countChecks: countCheck }) : onPrefs({ countCheck }))}
      />
      <CheckField
        label={
          <span>
            Index plays <span className="block text-xs text-slate-400">{indexPlaysLabel(indexSet, indexSourceFor(rules, counting).label)}</span>
          </span>
        }
        checked={indexPlays}
        disabled={training?.busy}
        onChange={(on) => (training ? training.onChange({ indexPlays: on }) : onPrefs({ indexPlays: on }))}
      />
      <CheckField label="Keyboard shortcuts" checked={prefs.shortcuts} onChange={(shortcuts) => onPrefs({ shortcuts })} />
      <SelectField label="Dealing pace" value={prefs.dealPace_cps} options={PACE} onChange={(dealPace_cps) => onPrefs({ dealPace_cps })} />
      <SelectField label="Next round" value={prefs.autoAdvance_s} options={ADVANCE} onChange={(autoAdvance_s) => onPrefs({ autoAdvance_s })} />
      <CheckField
        label={
          <span>
            Test mode <span className="block text-xs text-slate-400">Counts hidden, coach silent until the shoe ends, checks ask both counts</span>
          </span>
        }
        checked={testMode}
        disabled={training?.busy}
        onChange={(on) => (training ? training.onChange({ testMode: on }) : onPrefs({ testMode: on }))}
      />
      {training && (
        <p className="text-xs text-slate-400 min-[480px]:col-span-2 sm:col-span-4">
          Test mode, count checks and index plays are kept with your table and grade your record; the coach mode, pace and shortcuts are kept in this browser.
        </p>
      )}
    </fieldset>
  );
}
