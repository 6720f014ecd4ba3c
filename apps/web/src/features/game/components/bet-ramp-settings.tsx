import { useState } from 'react';
import { betStepFor, type BetRampStep, type PayoutRules } from '@card-counter/engine';
import { BET_RAMP_BOUNDS, type BetRampSetting } from '@card-counter/shared';
import type { BetRampControl } from '../hooks/use-bet-ramp.ts';
import { DEFAULT_UNIT_credits, RAMP_PRESET_IDS, formatCount, presetOf, rampDraftProblem, rampUnitBoundsProblem, rampUnitProblem, stepsFrom, type RampSourceId } from '../model/bet-ramp.ts';
import { CheckField, SelectField } from './settings-fields.tsx';

// The bet ramp in the table settings (decision record 0030): a preset, the simulator's ramp or
// its optimal ramp in one click, or the player's own steps; every round's bet is then graded
// against it. On a server table the server keeps it and grades the record with it. Its unit is a
// bet the table pays exactly (in the rules' step, decision record 0045): another one is refused
// with the reason; a unit saved before the rules changed is kept, and said to be off the step.

type Choice = 'off' | RampSourceId | 'own';

const CHOICES: readonly { value: Choice; label: string }[] = [
  { value: 'off', label: 'Off: bets are not graded' },
  ...RAMP_PRESET_IDS.map((id) => ({ value: id as Choice, label: `1-${id.split('-')[1]} spread` })),
  { value: 'sim', label: "The simulator's ramp" },
  { value: 'simOptimal', label: "The simulator's optimal ramp" },
  { value: 'own', label: 'My own' },
];

function choiceOf(ramp: BetRampSetting | null): Choice {
  if (ramp === null) return 'off';
  return presetOf(ramp.steps) ?? 'own';
}

export function BetRampSettings({ control, server, rules }: { control: BetRampControl; server: boolean; rules: PayoutRules }) {
  const { ramp, showRampBet, set, busy } = control;
  const savedUnitProblem = ramp === null ? null : rampUnitProblem(rules, ramp.unit_credits);
  const [unit, setUnit] = useState(ramp?.unit_credits ?? DEFAULT_UNIT_credits);
  // Said as soon as it is typed (issue 39: -25 and 99,999,999,999 were taken without a word, the
  // steps shown in credits of that unit, then the field silently went back): never applied.
  const unitProblem = rampUnitBoundsProblem(unit);
  const [draft, setDraft] = useState<BetRampStep[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const steps = draft ?? ramp?.steps ?? null;
  const apply = (next: BetRampSetting | null) => {
    const problem = next === null ? null : (rampDraftProblem(next) ?? rampUnitProblem(rules, next.unit_credits));
    setNote(problem);
    if (problem !== null) return;
    set({ betRamp: next });
    setDraft(null);
  };
  const choose = (c: Choice) => {
    if (c === 'off') return apply(null);
    if (c === 'own') return setDraft([...(ramp?.steps ?? stepsFrom('1-8') ?? [])]);
    const from = stepsFrom(c);
    if (from === null) return setNote('Run the simulator first: its last ramp is kept in this browser for the table.');
    apply({ unit_credits: unit, steps: from });
  };
  return (
    <fieldset className="mt-5 flex flex-col gap-3 border-t border-slate-800 pt-4" aria-describedby="bet-ramp-help">
      <legend className="mb-1 text-sm font-semibold text-slate-200">Bet ramp</legend>
      <p id="bet-ramp-help" className="text-xs text-slate-400">
        Units to bet at each true count. Every round&apos;s bet is graded against it when dealt: right, over or under, and what the difference costs in expected credits.
        {server ? ' Kept with your table: your record is graded with it.' : ' Kept in this browser.'}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField label="Ramp" value={draft !== null ? 'own' : choiceOf(ramp)} options={CHOICES} disabled={busy} onChange={choose} />
        <UnitField unit={unit} step={betStepFor(rules) ?? 1} disabled={busy} problem={unitProblem} onChange={setUnit} onCommit={(u) => ramp !== null && draft === null && u !== ramp.unit_credits && apply({ ...ramp, unit_credits: u })} />
        <CheckField label="Show the ramp's bet beside the chips" checked={showRampBet} disabled={busy} onChange={(on) => set({ showRampBet: on })} />
      </div>
      {unitProblem !== null && (
        <p role="alert" id="ramp-unit-problem" className="text-sm text-amber-300" data-testid="ramp-unit-problem">
          {unitProblem} The ramp keeps {ramp === null ? 'no unit until one is' : `its unit of ${ramp.unit_credits.toLocaleString('en-US')} credits until another is`} entered.
        </p>
      )}
      {steps !== null && <StepsEditor steps={steps} editing={draft !== null} onEdit={setDraft} unit={unitProblem === null ? unit : null} />}
      {draft !== null && (
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={busy} onClick={() => apply({ unit_credits: unit, steps: draft })} className="rounded-md bg-emerald-500 px-3 py-1.5 text-sm font-bold text-slate-950 hover:bg-emerald-400 disabled:opacity-50">
            Save my ramp
          </button>
          <button type="button" onClick={() => { setDraft(null); setNote(null); }} className="rounded-md px-3 py-1.5 text-sm text-slate-300 hover:bg-slate-800">
            Cancel
          </button>
        </div>
      )}
      {savedUnitProblem !== null && note === null && (
        <p role="status" className="text-sm text-amber-300" data-testid="ramp-unit-off-step">
          Your ramp is kept as you saved it, its bets shown at the nearest the table takes. {savedUnitProblem}
        </p>
      )}
      {note !== null && (
        <p role="alert" className="text-sm text-amber-300">
          {note}
        </p>
      )}
    </fieldset>
  );
}

function UnitField({ unit, step, disabled, problem, onChange, onCommit }: { unit: number; step: number; disabled: boolean; problem: string | null; onChange: (u: number) => void; onCommit: (u: number) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-400">
      One unit (credits)
      <input
        type="number"
        inputMode="numeric"
        min={BET_RAMP_BOUNDS.unitCredits_min}
        max={BET_RAMP_BOUNDS.unitCredits_max}
        step={step > 1 ? step : 5}
        value={unit}
        disabled={disabled}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? 'ramp-unit-problem' : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
        onBlur={() => problem === null && onCommit(unit)}
        className="rounded-md border border-slate-700 bg-slate-950 px-2 py-1.5 text-sm text-slate-100 disabled:opacity-50"
      />
    </label>
  );
}

/** The steps as a table: true count from, units, credits; editable for the player's own ramp. */
/** `unit` null: the unit typed is not one, so no credits are shown for it. */
function StepsEditor({ steps, editing, onEdit, unit }: { steps: readonly BetRampStep[]; editing: boolean; onEdit: (s: BetRampStep[]) => void; unit: number | null }) {
  const sorted = [...steps].sort((a, b) => a.tc - b.tc);
  const change = (i: number, patch: Partial<BetRampStep>) => onEdit(sorted.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const add = () => {
    const top = sorted.at(-1);
    onEdit([...sorted, { tc: top === undefined ? 0 : top.tc + 1, units: top?.units ?? 1 }]);
  };
  const num = 'w-16 rounded border border-slate-700 bg-slate-950 px-1.5 py-1 text-right text-sm tabular-nums text-slate-100';
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-md text-sm" aria-label="Bet ramp steps">
        <thead>
          <tr className="text-left text-xs text-slate-400">
            <th className="py-1 pr-3 font-medium">True count</th>
            <th className="py-1 pr-3 text-right font-medium">Units</th>
            <th className="py-1 pr-3 text-right font-medium">Credits</th>
            {editing && <th className="sr-only">Remove</th>}
          </tr>
        </thead>
        <tbody>
          {sorted.map((s, i) => (
            <tr key={i} className="border-t border-slate-800">
              <td className="py-1 pr-3 tabular-nums text-slate-200">
                {editing ? <input aria-label={`True count of step ${i + 1}`} type="number" className={num} value={s.tc} onChange={(e) => change(i, { tc: Math.round(Number(e.target.value)) })} /> : i === 0 ? `${formatCount(s.tc)} or less` : `${formatCount(s.tc)}${i === sorted.length - 1 ? ' or more' : ''}`}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums text-slate-100">
                {editing ? <input aria-label={`Units at step ${i + 1}`} type="number" step={0.5} min={0} className={num} value={s.units} onChange={(e) => change(i, { units: Number(e.target.value) })} /> : s.units}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums text-slate-400">{unit === null ? '–' : s.units * unit}</td>
              {editing && (
                <td className="py-1 text-right">
                  <button type="button" aria-label={`Remove step ${i + 1}`} disabled={sorted.length <= 1} onClick={() => onEdit(sorted.filter((_, j) => j !== i))} className="rounded px-2 py-0.5 text-slate-400 hover:bg-slate-800 hover:text-rose-300 disabled:opacity-30">
                    ×
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <button type="button" onClick={add} className="mt-2 rounded-md border border-slate-600 px-3 py-1 text-sm text-slate-200 hover:bg-slate-800">
          Add a count
        </button>
      )}
    </div>
  );
}
