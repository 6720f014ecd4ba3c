import { Fragment, type ReactNode } from 'react';
import type { TableSettings } from '@/shared/table-settings/table-settings.ts';
import { useTableSettings } from '@/shared/table-settings/use-table-settings.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';

/**
 * The drills and the charts are the player's own table's rules and count: read them (from the
 * server table for a signed-in player), then render `children` keyed by their owner, so a
 * sign-in or sign-out starts afresh.
 */
export function WithTableSettings({ children }: { children: (settings: TableSettings) => ReactNode }) {
  const table = useTableSettings();
  if (table.status === 'loading') return <p className="mx-auto max-w-3xl text-sm text-slate-400">Reading your table&apos;s rules…</p>;
  if (table.status === 'error') {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-3">
        <FormError error={table.error} />
        <Button variant="secondary" onClick={table.retry}>
          Retry
        </Button>
      </div>
    );
  }
  return <Fragment key={table.owner}>{children(table.settings)}</Fragment>;
}
