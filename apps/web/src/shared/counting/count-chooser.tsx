import { useId, useState } from 'react';
import {
  COUNTING_SYSTEMS,
  TAG_KEYS,
  countingSystemOf,
  tagsOfSystem,
  type CountSpec,
  type CustomCount,
  type Rules,
  type TagKey,
} from '@card-counter/engine';
import { CUSTOM_COUNT_TAG_MAX, customCountProblem } from '@card-counter/shared';
import { useCountQuality } from './count-quality.ts';

// The count chooser of the table's settings and the simulator: a built-in count or one of the
// player's own (tags for A, 2..9 and T in whole or half points; IRC, key and pivot when it is
// unbalanced), with what the chosen count is worth for the rules beside it (BC, PE and IC,
// live as the tags change).

const CUSTOM = 'custom';
const OPTIONS = [
  ...Object.values(COUNTING_SYSTEMS).map((s) => ({ value: s.id, label: s.name })),
  { value: CUSTOM, label: 'Custom: your own tags' },
];
const FIELD =
  'rounded-md border border-slate-700 bg-slate-950 px-2 py-1.5 text-sm text-slate-100 disabled:opacity-50';
/** A tag's box: narrow, so no spinner (the keyboard's arrows still step by a half). */
const TAG_FIELD =
  'w-full rounded-md border border-slate-700 bg-slate-950 px-1 py-1.5 text-center text-sm text-slate-100 [appearance:textfield] disabled:opacity-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

type Draft = Record<TagKey | 'irc' | 'key' | 'pivot', string>;

const signed = (x: number): string => (x > 0 ? `+${x}` : String(x));

/** The editor's text of a count: a custom one as it is, a built-in one as a template (Red 7's seven as +0.5). */
function draftOf(count: CountSpec): Draft {
  const sys = countingSystemOf(
    count.system === 'custom' && count.custom === undefined ? { system: 'hi-lo' } : count,
  );
  const tags = count.custom?.tags ?? tagsOfSystem(sys);
  const deckSum = TAG_KEYS.reduce((s, k) => s + tags[k] * (k === 'T' ? 16 : 4), 0);
  // A built-in unbalanced count starts the template at its own IRC and the pivot that goes with it.
  const irc = count.custom?.irc ?? (deckSum === 0 ? 0 : sys.ircOneDeckScaled / sys.scale);
  const pivot = count.custom?.pivot ?? irc + deckSum;
  const draft = { irc: String(irc), key: String(count.custom?.key ?? pivot), pivot: String(pivot) } as Draft;
  for (const k of TAG_KEYS) draft[k] = String(tags[k]);
  return draft;
}

/** The custom count a draft spells: JSON numbers where the text is one (the checks say what is wrong). */
function countOf(draft: Draft): { input: Record<string, unknown>; deckSum: number | null } {
  const num = (text: string): number | undefined =>
    text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);
  const tags: Record<string, number | undefined> = {};
  for (const k of TAG_KEYS) tags[k] = num(draft[k]);
  const known = TAG_KEYS.every((k) => tags[k] !== undefined);
  const deckSum = known ? TAG_KEYS.reduce((s, k) => s + (tags[k] as number) * (k === 'T' ? 16 : 4), 0) : null;
  const input: Record<string, unknown> = { tags };
  if (deckSum !== 0) for (const f of ['irc', 'key', 'pivot'] as const) input[f] = num(draft[f]);
  return { input, deckSum };
}

export interface CountChooserProps {
  /** The count in force (or last chosen). */
  value: CountSpec;
  /** A chosen count; null while a custom count being typed is not a valid count. */
  onChange: (count: CountSpec | null) => void;
  /** The rules the figures are worked out for (null while they are not valid rules). */
  rules: Rules | null;
  disabled?: boolean;
  /** The select's label. */
  label?: string;
}

/** The count a draft spells, or null while it is not one. */
function specOf(draft: Draft): CountSpec | null {
  const { input } = countOf(draft);
  return customCountProblem(input) === null
    ? { system: 'custom', custom: input as unknown as CustomCount }
    : null;
}

/**
 * The select's count and the tags' text. A count set from outside (the simulator's "Use my
 * table") is shown, tags and all: the select once kept the count it mounted with while the form
 * ran another. The count this chooser itself sent back (or a custom one still being typed, sent
 * as null) changes nothing here.
 */
function useChooserState(value: CountSpec) {
  const [system, setSystem] = useState<string>(value.system);
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [followed, setFollowed] = useState(() => countKey(value));
  if (countKey(value) !== followed) {
    setFollowed(countKey(value));
    if (!spells(value, system, draft)) {
      setSystem(value.system);
      setDraft(draftOf(value));
    }
  }
  return { system, setSystem, draft, setDraft };
}

/** What identifies a count for the chooser (a table's value also carries its convention). */
function countKey(count: CountSpec): string {
  return JSON.stringify({ system: count.system, custom: count.custom ?? null });
}

/** Whether the chooser's select and tags already say `count` (a custom count without tags: one being typed). */
function spells(count: CountSpec, system: string, draft: Draft): boolean {
  if (count.system !== system) return false;
  if (count.system !== CUSTOM || count.custom === undefined) return true;
  return JSON.stringify(specOf(draft)?.custom ?? null) === JSON.stringify(count.custom);
}

function figuresNote(rules: Rules | null, chosen: CountSpec | null): string {
  if (rules === null) return 'BC, PE and IC once the rules are valid.';
  return chosen === null
    ? 'BC, PE and IC once the tags make a count.'
    : 'Working out BC, PE and IC for these rules…';
}

export function CountChooser({
  value,
  onChange,
  rules,
  disabled = false,
  label = 'System',
}: CountChooserProps) {
  const id = useId();
  const { system, setSystem, draft, setDraft } = useChooserState(value);
  const custom = system === CUSTOM;
  const { input, deckSum } = countOf(draft);
  const problem = custom ? customCountProblem(input) : null;
  const chosen: CountSpec | null = custom ? specOf(draft) : { system: system as CountSpec['system'] };
  const quality = useCountQuality(rules, chosen);

  const pick = (next: string) => {
    setSystem(next);
    if (next !== CUSTOM) return onChange({ system: next as CountSpec['system'] });
    // Start from the count that was chosen: its tags, ready to change.
    const start = custom ? draft : draftOf({ system: system as CountSpec['system'] });
    setDraft(start);
    onChange(specOf(start));
  };
  const edit = (field: keyof Draft, text: string) => {
    const next = { ...draft, [field]: text };
    setDraft(next);
    onChange(specOf(next));
  };

  return (
    <div className="@container col-span-full flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="flex min-w-[12rem] flex-col gap-1">
          <label htmlFor={`${id}-system`} className="text-xs font-medium text-slate-400">
            {label}
          </label>
          <select
            id={`${id}-system`}
            value={system}
            disabled={disabled}
            onChange={(e) => pick(e.target.value)}
            className={FIELD}
          >
            {OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <CountFigures quality={quality} note={figuresNote(rules, chosen)} />
      </div>
      {custom && (
        <CustomEditor
          draft={draft}
          deckSum={deckSum}
          problem={problem?.message ?? null}
          numDecks={rules?.numDecks ?? null}
          disabled={disabled}
          onEdit={edit}
        />
      )}
    </div>
  );
}

const sentence = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

interface EditorProps {
  draft: Draft;
  /** A whole deck's count, null while a tag is missing. */
  deckSum: number | null;
  problem: string | null;
  numDecks: number | null;
  disabled: boolean;
  onEdit: (field: keyof Draft, text: string) => void;
}

/** The tags of a custom count, and its IRC, key and pivot when it is unbalanced. */
function CustomEditor({ draft, deckSum, problem, numDecks, disabled, onEdit }: EditorProps) {
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2 rounded-lg border border-slate-800 p-3">
      <legend className="px-1 text-xs font-semibold text-slate-300">
        Your tags (whole or half points, -{CUSTOM_COUNT_TAG_MAX} to +{CUSTOM_COUNT_TAG_MAX})
      </legend>
      {/* Ten in a row where the chooser is wide (the table's settings), two rows of five in a narrow column (the simulator, a phone). */}
      <div className="grid grid-cols-5 gap-2 @xl:grid-cols-10">
        {TAG_KEYS.map((k) => (
          <label key={k} className="flex flex-col items-center gap-1 text-xs font-semibold text-slate-300">
            {k === 'T' ? '10-K' : k}
            <input
              type="number"
              inputMode="decimal"
              step={0.5}
              min={-CUSTOM_COUNT_TAG_MAX}
              max={CUSTOM_COUNT_TAG_MAX}
              aria-label={`Tag of ${k === 'T' ? 'ten-valued cards' : k === 'A' ? 'aces' : `${k}s`}`}
              value={draft[k]}
              onChange={(e) => onEdit(k, e.target.value)}
              className={TAG_FIELD}
            />
          </label>
        ))}
      </div>
      <p className="text-xs text-slate-400">
        {deckSum === null
          ? 'Every card needs a tag.'
          : deckSum === 0
            ? 'Balanced: a whole deck counts to 0. Played on the true count.'
            : `Unbalanced: a whole deck counts to ${signed(deckSum)}. Played on the running count, from its IRC.`}
      </p>
      {deckSum !== null && deckSum !== 0 && (
        <UnbalancedFields draft={draft} deckSum={deckSum} numDecks={numDecks} onEdit={onEdit} />
      )}
      {problem && (
        <p role="alert" className="text-sm text-amber-300">
          {sentence(problem)}
        </p>
      )}
    </fieldset>
  );
}

function UnbalancedFields({
  draft,
  deckSum,
  numDecks,
  onEdit,
}: {
  draft: Draft;
  deckSum: number;
  numDecks: number | null;
  onEdit: (field: keyof Draft, text: string) => void;
}) {
  const irc = Number(draft.irc);
  const fields = [
    { field: 'irc', label: 'IRC (one deck)' },
    { field: 'key', label: 'Key count' },
    { field: 'pivot', label: 'Pivot' },
  ] as const;
  return (
    <>
      <div className="grid grid-cols-3 gap-2">
        {fields.map((f) => (
          <label key={f.field} className="flex flex-col gap-1 text-xs font-medium text-slate-400">
            {f.label}
            <input
              type="number"
              inputMode="decimal"
              step={0.5}
              value={draft[f.field]}
              onChange={(e) => onEdit(f.field, e.target.value)}
              className={FIELD}
            />
          </label>
        ))}
      </div>
      {numDecks !== null && Number.isFinite(irc) && draft.irc.trim() !== '' && (
        <p className="text-xs text-slate-400">
          With {numDecks} deck{numDecks === 1 ? '' : 's'} the count starts at{' '}
          {signed(irc - deckSum * (numDecks - 1))}; at {signed(irc + deckSum)} it means the same at any depth
          (the natural pivot).
        </p>
      )}
    </>
  );
}

/** BC, PE and IC, two decimals as published; a note while the rules' figures are worked out. */
function CountFigures({
  quality,
  note,
}: {
  quality: { bc: number; pe: number; ic: number } | null;
  note: string;
}) {
  const figures = [
    { key: 'bc', abbr: 'BC', name: 'Betting correlation: how well the count says when to bet more' },
    {
      key: 'pe',
      abbr: 'PE',
      name: 'Playing efficiency: how much of the gain from changing plays it captures',
    },
    { key: 'ic', abbr: 'IC', name: 'Insurance correlation: how well it says when to insure' },
  ] as const;
  if (quality === null) {
    return <p className="pb-1.5 text-xs text-slate-400">{note}</p>;
  }
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
      <dl
        title="What this count is worth for these rules (1 is perfect)"
        className="flex items-end gap-3 pb-1 text-sm"
      >
        {figures.map((f) => (
          <div key={f.key} className="flex flex-col items-center rounded-md bg-slate-800/70 px-2.5 py-1">
            <dt className="text-[11px] font-semibold text-slate-400">
              <abbr title={f.name} className="no-underline">
                {f.abbr}
              </abbr>
            </dt>
            <dd className="font-mono font-bold tabular-nums text-slate-100">{quality[f.key].toFixed(2)}</dd>
          </div>
        ))}
      </dl>
      <p className="max-w-[16rem] pb-1 text-[11px] leading-snug text-slate-400">
        Betting correlation, playing efficiency, insurance correlation for these rules (1 is perfect).
      </p>
    </div>
  );
}
