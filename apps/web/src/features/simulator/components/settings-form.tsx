// Everything the engine simulates, as a form: table rules (every game config key), count and
// true-count convention, bet ramp, index plays, insurance, wonging, bankroll, rounds, seed and
// workers. Errors are the engine's own checks (lib/settings.ts), shown at their field.
import type { FormEvent } from 'react';
import { countingSystemOf, sideCountsAces, validateRules, type CountSpec } from '@card-counter/engine';
import { CREDIT_COST_SIMULATOR_RUN } from '@card-counter/shared';
import { CountChooser } from '@/shared/counting/count-chooser.tsx';
import type { SettingsErrors, SimSettings } from '../model/settings.ts';
import { SIM_WORKERS_MAX, validateSettings } from '../model/settings.ts';
import { NumberField, Section, SelectField, Toggle } from './fields.tsx';
import { RampEditor } from './ramp-editor.tsx';
import { indexSetLine } from '../model/table-index-set.ts';

export interface SettingsFormProps {
  settings: SimSettings;
  onChange: (s: SimSettings) => void;
  onRun: () => void;
  busy: boolean;
  threadsMax: number;
}

const ROUND_CHOICES = [100_000, 500_000, 1_000_000, 2_000_000, 10_000_000, 50_000_000, 100_000_000];

type SectionProps = { s: SimSettings; onChange: (s: SimSettings) => void; errors: SettingsErrors };

export function SettingsForm({ settings: s, onChange, onRun, busy, threadsMax }: SettingsFormProps) {
  const errors = validateSettings(s);
  const invalid = Object.keys(errors).length > 0;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!invalid && !busy) onRun();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Simulation settings" className="space-y-4">
      <RulesSection s={s} onChange={onChange} errors={errors} />
      <PlaySection s={s} onChange={onChange} errors={errors} />
      <TableSection s={s} onChange={onChange} errors={errors} />
      <Section title="Bet ramp (units)">
        <RampEditor spread={s.spread} onChange={(spread) => onChange({ ...s, spread })} error={errors.spread} />
      </Section>

      <RunSection s={s} onChange={onChange} errors={errors} busy={busy} invalid={invalid} threadsMax={threadsMax} />
    </form>
  );
}

function RulesSection({ s, onChange, errors }: SectionProps) {
  const r = s.rules as Record<string, number | boolean | string>;
  const rule = (key: string, value: number | boolean | string) => onChange({ ...s, rules: { ...s.rules, [key]: value } });
  const num = (key: string) => Number(r[key]);
  const bool = (key: string) => r[key] === true;
  const e = (key: string) => errors[`rules.${key}`];
  return (
    <Section title="Table rules">
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Decks" value={String(num('numDecks'))} options={[1, 2, 3, 4, 5, 6, 7, 8].map((d) => [String(d), `${d} deck${d > 1 ? 's' : ''}`] as const)} onChange={(v) => rule('numDecks', Number(v))} error={e('numDecks')} />
        <NumberField label="Penetration" suffix="%" value={Math.round((1 - num('shufflePoint')) * 1000) / 10} min={10} max={100} step={0.5} onChange={(v) => rule('shufflePoint', Math.round((1 - v / 100) * 1000) / 1000)} error={e('shufflePoint')} hint="Dealt before the shuffle" />
        <SelectField label="Dealer soft 17" value={bool('dealerStandsSoft17') ? 's17' : 'h17'} options={[['s17', 'Stands (S17)'], ['h17', 'Hits (H17)']] as const} onChange={(v) => rule('dealerStandsSoft17', v === 's17')} />
        <SelectField label="Blackjack pays" value={String(num('blackjackPays'))} options={[['1.5', '3:2'], ['1.2', '6:5'], ['1', '1:1'], ['2', '2:1']] as const} onChange={(v) => rule('blackjackPays', Number(v))} error={e('blackjackPays')} />
        <SelectField label="Double on" value={String(r.doubleDownRestriction) as 'any' | '9-11' | '10-11'} options={[['any', 'Any two cards'], ['9-11', '9–11 only'], ['10-11', '10–11 only']] as const} onChange={(v) => rule('doubleDownRestriction', v)} error={e('doubleDownRestriction')} />
        <SelectField label="Splits allowed" value={String(num('maxSplits'))} options={[['0', 'No splits'], ['1', 'Once (2 hands)'], ['2', 'Twice (3 hands)'], ['3', 'To 4 hands']] as const} onChange={(v) => rule('maxSplits', Number(v))} error={e('maxSplits')} />
        <NumberField label="Spots played" value={num('numInitialHands')} min={1} max={7} onChange={(v) => rule('numInitialHands', v)} error={e('numInitialHands')} />
        <SelectField label="Early surrender" value={String(r.earlySurrender ?? 'none') as 'none' | 'vs10' | 'all'} options={[['none', 'None'], ['vs10', 'Against a ten'], ['all', 'Against any upcard']] as const} onChange={(v) => rule('earlySurrender', v)} error={e('earlySurrender')} />
        <SelectField label="No hole card: a blackjack takes" value={String(r.noHoleCardLosses ?? 'original') as 'original' | 'all'} options={[['original', 'Original bets only'], ['all', 'All bets']] as const} onChange={(v) => rule('noHoleCardLosses', v)} error={e('noHoleCardLosses')} />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-x-3">
        <Toggle label="Dealer peeks" checked={bool('dealerPeeks')} onChange={(v) => rule('dealerPeeks', v)} />
        <Toggle label="Double after split" checked={bool('doubleAfterSplit')} onChange={(v) => rule('doubleAfterSplit', v)} />
        <Toggle label="Late surrender" checked={bool('surrenderAllowed')} onChange={(v) => rule('surrenderAllowed', v)} />
        <Toggle label="Insurance offered" checked={bool('insuranceAllowed')} onChange={(v) => rule('insuranceAllowed', v)} />
        <Toggle label="Resplit aces" checked={bool('resplitAces')} onChange={(v) => rule('resplitAces', v)} />
        <Toggle label="Hit split aces" checked={bool('hitSplitAces')} onChange={(v) => rule('hitSplitAces', v)} />
        <Toggle label="Continuous shuffler" checked={s.csm} onChange={(v) => onChange({ ...s, csm: v })} />
      </div>
    </Section>
  );
}

function PlaySection({ s, onChange, errors }: SectionProps) {
  const rules = validateRules(s.rules);
  // A full set is made for one count and convention: another one, or the named plays picked, drops it.
  const unset = withoutIndexSet(s);
  // A custom count being typed that is not a count yet: 'custom' without its definition (the form says so).
  const chooseCount = (spec: CountSpec | null) => {
    const { custom: _old, indexSet: _set, ...rest } = s;
    onChange(spec === null ? { ...rest, count: 'custom' } : { ...rest, count: spec.system, ...(spec.custom ? { custom: spec.custom } : {}) });
  };
  return (
    <Section title="Count and play">
      <div className="grid grid-cols-2 gap-3">
        <CountChooser value={{ system: s.count, ...(s.custom ? { custom: s.custom } : {}) }} onChange={chooseCount} rules={rules.ok ? rules.rules : null} label="Counting system" />

        {sideCountsAces(countingSystemOf({ system: s.count, ...(s.custom ? { custom: s.custom } : {}) })) && (
          <Toggle label="Ace side count (bets)" checked={s.aceSideCount === true} onChange={(v) => onChange({ ...s, aceSideCount: v })} />
        )}
        <SelectField
          label="Index plays"
          value={s.indices}
          options={[['none', 'Basic strategy'], ['i18', 'Illustrious 18'], ['i18+fab4', 'I18 + Fab 4'], ['generated', 'Generated for rules']] as const}
          onChange={(v) => onChange({ ...unset, indices: v, insurance: v === 'none' ? 'never' : s.insurance })}
          error={errors.indices}
          {...(s.indexSet ? { hint: 'The index set below is played instead' } : {})}
        />
        <IndexSetRow s={s} onClear={() => onChange(unset)} />
        <SelectField label="Decks estimated to" value={s.trueCount.resolution} options={[['exact', 'Exact'], ['half', 'Half deck'], ['full', 'Full deck']] as const} onChange={(v) => onChange({ ...unset, trueCount: { ...s.trueCount, resolution: v } })} />
        <SelectField label="True count rounding" value={s.trueCount.rounding} options={[['floor', 'Floor'], ['truncate', 'Truncate'], ['round', 'Round'], ['none', 'None']] as const} onChange={(v) => onChange({ ...unset, trueCount: { ...s.trueCount, rounding: v } })} />
        <SelectField label="Insurance" value={s.insurance} options={[['never', 'Never'], ['index', insuranceWords(s)]] as const} onChange={(v) => onChange({ ...s, insurance: v })} />
        <NumberField label="Wong in at TC" value={s.wongIn} min={-10} max={10} onChange={(v) => onChange({ ...s, wongIn: Number.isNaN(v) ? null : v })} error={errors.wongIn} hint="Empty: play every round" />
        <NumberField label="Wong out below TC" value={s.wongOut ?? null} min={-10} max={10} onChange={(v) => onChange({ ...s, wongOut: Number.isNaN(v) ? null : v })} error={errors.wongOut} hint="Empty: never leave" />
        <div className="col-span-2">
          <Toggle label="Mid-shoe entry after wonging out" checked={s.midshoeEntry ?? false} onChange={(v) => onChange({ ...s, midshoeEntry: v })} />
          <p className="px-1 text-[11px] leading-tight text-slate-400">Off: having left, sit out the rest of the shoe (no mid-shoe entry).</p>
        </div>
      </div>
    </Section>
  );
}

/** A full set carries its own insurance index (null: never inside its counts). */
function insuranceWords(s: SimSettings): string {
  const at = s.indexSet ? s.indexSet.insurance : 3;
  return at === null ? 'By index (never in this set)' : `By index (${at >= 0 ? '+' : ''}${at})`;
}

function withoutIndexSet(s: SimSettings): SimSettings {
  const { indexSet: _set, ...rest } = s;
  return rest;
}

/** Which full index set the run plays ("Use my table" fills it), with a way to go back to the named plays. */
function IndexSetRow({ s, onClear }: { s: SimSettings; onClear: () => void }) {
  return (
    <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-950/40 px-2.5 py-1.5 ring-1 ring-slate-800">
      <p data-testid="sim-index-set" className="min-w-0 text-xs text-slate-300">
        <span className="font-medium text-slate-400">Index set:</span> {s.indexSet ? indexSetLine(s) : `none (${indexSetLine(s) === 'none' ? 'basic strategy' : indexSetLine(s)})`}
      </p>
      {s.indexSet && (
        <button type="button" onClick={onClear} className="rounded px-2 py-0.5 text-xs font-semibold text-slate-300 ring-1 ring-slate-600 hover:bg-slate-800">
          Clear index set
        </button>
      )}
    </div>
  );
}

/** The table around the player: other players, spots by count, where the shoe ends. */
function TableSection({ s, onChange, errors }: SectionProps) {
  const r = s.rules as Record<string, number | boolean | string>;
  const rule = (key: string, value: number) => onChange({ ...s, rules: { ...s.rules, [key]: value } });
  const spotsFrom = spotsStep(s.spots ?? null);
  const setSpots = (tc: number | null, n: number) => {
    const base = Number(r.numInitialHands);
    onChange({ ...s, spots: tc === null || !Number.isFinite(tc) ? null : { '-inf': base, [String(tc)]: n } });
  };
  return (
    <Section title="Table and shoe">
      <div className="grid grid-cols-2 gap-3">
        <NumberField label="Other players" value={Number(r.otherPlayers ?? 0)} min={0} max={6} onChange={(v) => rule('otherPlayers', v)} error={errors['rules.otherPlayers'] ?? errors['rules.seats']} hint="Their cards use up the shoe" />
        <NumberField label="Their errors" suffix="%" value={Number(r.otherPlayersErrorPct ?? 0)} min={0} max={20} onChange={(v) => rule('otherPlayersErrorPct', v)} error={errors['rules.otherPlayersErrorPct']} hint="Off the chart, at random" />
        <NumberField label="More spots from TC" value={spotsFrom?.tc ?? null} min={-10} max={10} onChange={(v) => setSpots(Number.isNaN(v) ? null : v, spotsFrom?.n ?? 2)} error={errors.spots} hint="Empty: the same spots at every count" />
        <NumberField label="Spots there" value={spotsFrom?.n ?? 2} min={1} max={7} onChange={(v) => setSpots(spotsFrom?.tc ?? null, v)} />
        <NumberField label="Rounds per shoe" value={s.roundsPerShoe ?? null} min={1} max={1000} onChange={(v) => onChange({ ...s, roundsPerShoe: Number.isNaN(v) ? null : v })} error={errors.roundsPerShoe} hint="Empty: the cut card decides" />
        <NumberField label="Cut card varies" suffix="decks" value={s.cutCardSpread_decks ?? 0} min={0} max={8} step={0.5} onChange={(v) => onChange({ ...s, cutCardSpread_decks: Number.isNaN(v) ? 0 : v })} error={errors.cutCardSpread_decks} hint="Window around its place" />
      </div>
    </Section>
  );
}

/** The one step of a spots-by-count setting the form edits: from this count, this many spots. */
function spotsStep(spots: Readonly<Record<string, number>> | null): { tc: number; n: number } | null {
  if (!spots) return null;
  const step = Object.entries(spots).find(([k]) => k !== '-inf');
  return step ? { tc: Number(step[0]), n: step[1] } : null;
}

function RunSection({ s, onChange, errors, busy, invalid, threadsMax }: SectionProps & { busy: boolean; invalid: boolean; threadsMax: number }) {
  return (
    <Section title="Run">
      <div className="grid grid-cols-2 gap-3">
        <NumberField label="Bankroll" suffix="units" value={s.bankroll_units} min={0} onChange={(v) => onChange({ ...s, bankroll_units: v })} error={errors.bankroll_units} hint="For risk of ruin; 0 = none" />
        <div className="space-y-1">
          <NumberField label="Rounds" value={s.rounds} min={10_000} step={100_000} onChange={(v) => onChange({ ...s, rounds: v })} error={errors.rounds} />
          <div className="flex flex-wrap gap-1" role="group" aria-label="Rounds presets">
            {ROUND_CHOICES.map((n) => (
              <button key={n} type="button" aria-pressed={s.rounds === n} onClick={() => onChange({ ...s, rounds: n })} className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${s.rounds === n ? 'bg-emerald-500/20 text-emerald-200' : 'text-slate-400 hover:text-slate-200'}`}>
                {n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}K`}
              </button>
            ))}
          </div>
        </div>
        <NumberField label="Seed" value={s.seed} min={0} onChange={(v) => onChange({ ...s, seed: v })} error={errors.seed} hint="Same seed, same numbers" />
        <NumberField label="Workers" value={s.threads} min={1} max={SIM_WORKERS_MAX} onChange={(v) => onChange({ ...s, threads: v })} error={errors.threads} hint={`This device has ${threadsMax} core${threadsMax > 1 ? 's' : ''}`} />
      </div>
      <button
        type="submit"
        disabled={invalid || busy}
        className="mt-4 flex w-full items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-emerald-500 to-teal-400 px-4 py-3 text-base font-bold text-slate-950 shadow-lg shadow-emerald-900/40 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-40"
      >
        Run simulation
        <span className="rounded-full bg-slate-950/20 px-2 py-0.5 text-xs font-semibold">{CREDIT_COST_SIMULATOR_RUN} credits</span>
      </button>
      {invalid && <p className="mt-2 text-xs text-rose-300">Fix the marked fields to run.</p>}
    </Section>
  );
}
