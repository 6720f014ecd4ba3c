import { useId, type ReactNode } from 'react';
import type { TournamentSummary } from '@card-counter/shared';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { Link } from '@/shared/ui/link.tsx';
import { useTournamentForm, type TournamentFormState } from '../hooks/use-tournament-form.ts';
import { Card } from './ui.tsx';

// Creating a tournament (POST /api/admin/tournaments, audited): the server checks the rules
// for a duplicate-shoe table and commits the shoes at once.

const inputClass =
  'w-full rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-sm text-slate-100 focus:border-emerald-400 focus:outline-none';

function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-slate-400">{hint}</p> : null}
    </div>
  );
}

export function TournamentForm() {
  const form = useTournamentForm();
  const { f, set, submit, create, invalid } = form;
  const made: TournamentSummary | undefined = create.data;
  return (
    <Card title="New tournament">
      <form onSubmit={submit} noValidate className="space-y-3">
        <TournamentFields form={form} />
        <RuleChecks form={form} />
        <Field label="Reason (audit log)">
          {(id) => (
            <input
              id={id}
              className={inputClass}
              value={f.reason}
              onChange={(e) => set('reason', e.target.value)}
              maxLength={200}
              placeholder="Optional"
            />
          )}
        </Field>
        <FormError message={invalid} error={create.error} />
        {made ? (
          <p role="status" className="rounded-md bg-emerald-950 px-3 py-2 text-sm text-emerald-200">
            Created{' '}
            <Link to={`/tournaments/${made.id}`} className="underline">
              {made.name}
            </Link>
            : {made.shoesCount} shoe{made.shoesCount === 1 ? '' : 's'} committed (
            {made.shoesCommitment.slice(0, 16)}...).
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create tournament'}
        </Button>
      </form>
    </Card>
  );
}

type TextKey = 'name' | 'dealt_pct' | 'rounds' | 'betMin' | 'betMax' | 'chips' | 'minEntrants' | 'payouts';

/** The form's text fields: label, key, hint. */
const TEXT_FIELDS: readonly { key: TextKey; label: string; hint?: string; numeric?: boolean }[] = [
  {
    key: 'dealt_pct',
    label: 'Dealt before the shuffle (%)',
    hint: "The cut card must leave a full round's cards.",
    numeric: true,
  },
  { key: 'rounds', label: 'Rounds', hint: 'Ignored when the whole shoe is played.', numeric: true },
  { key: 'betMin', label: 'Minimum bet (chips)', numeric: true },
  { key: 'betMax', label: 'Maximum bet (chips)', numeric: true },
  { key: 'chips', label: 'Starting chips', numeric: true },
  { key: 'minEntrants', label: 'Minimum entrants', numeric: true },
  { key: 'payouts', label: 'Payouts (% per place)', hint: 'Best first, summing to 100.' },
];

function TournamentFields({ form }: { form: TournamentFormState }) {
  const { f, set } = form;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Field label="Name">
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={f.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={80}
          />
        )}
      </Field>
      <Field label="Starts">
        {(id) => (
          <input
            id={id}
            type="datetime-local"
            className={inputClass}
            value={f.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
          />
        )}
      </Field>
      <Field label="Ends">
        {(id) => (
          <input
            id={id}
            type="datetime-local"
            className={inputClass}
            value={f.endsAt}
            onChange={(e) => set('endsAt', e.target.value)}
          />
        )}
      </Field>
      <SelectFields form={form} />
      {TEXT_FIELDS.map((t) => (
        <Field key={t.key} label={t.label} hint={t.hint}>
          {(id) => (
            <input
              id={id}
              className={inputClass}
              inputMode={t.numeric ? 'numeric' : undefined}
              value={f[t.key]}
              disabled={t.key === 'rounds' && f.wholeShoe}
              onChange={(e) => set(t.key, e.target.value)}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

function RuleChecks({ form }: { form: TournamentFormState }) {
  const { f, set } = form;
  return (
    <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-200">
      <legend className="sr-only">Rules</legend>
      {(
        [
          ['wholeShoe', 'Play the one shoe to the cut card'],
          ['dealerStandsSoft17', 'Dealer stands on soft 17'],
          ['doubleAfterSplit', 'Double after split'],
          ['surrenderAllowed', 'Late surrender'],
        ] as const
      ).map(([k, label]) => (
        <label key={k} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={f[k]}
            onChange={(e) => set(k, e.target.checked)}
            className="h-4 w-4 accent-emerald-500"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function SelectFields({ form }: { form: TournamentFormState }) {
  const { f, set } = form;
  return (
    <>
      <Field label="Decks">
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.numDecks}
            onChange={(e) => set('numDecks', e.target.value)}
          >
            {[2, 4, 6, 8].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Test mode">
        {(id) => (
          <select
            id={id}
            className={inputClass}
            value={f.testMode}
            onChange={(e) => set('testMode', e.target.value as 'available' | 'imposed')}
          >
            <option value="available">Each player's choice</option>
            <option value="imposed">Imposed on everyone</option>
          </select>
        )}
      </Field>
    </>
  );
}
