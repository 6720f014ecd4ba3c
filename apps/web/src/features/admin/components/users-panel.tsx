import type { AdminUserSummary } from '@card-counter/shared';
import { useEffect, useId, useState } from 'react';
import { formatCreditsFull, formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { USERS_PAGE, useUserSearch } from '../api/admin-api.ts';
import { OffsetPager, rangeText } from './list-paging.tsx';
import { Badge, Empty, Loading } from './ui.tsx';

/** Typing waits this long before searching, so each keystroke is not a query. */
const SEARCH_DELAY_ms = 250;

/** The search typed and the one asked: typing searches after a pause, Enter at once; a new search starts at its first page. */
function useSearchText() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const searchNow = () => {
    setQ(text.trim());
    setOffset(0);
  };
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(text.trim());
      setOffset(0);
    }, SEARCH_DELAY_ms);
    return () => clearTimeout(t);
  }, [text]);
  return { text, setText, q, offset, setOffset, searchNow };
}

/** Search by e-mail, name, username or exact id; newest accounts first, paged. */
export function UsersPanel({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const search = useSearchText();
  const inputId = useId();
  const query = useUserSearch(search.q, search.offset);
  const data = query.data;
  return (
    <section aria-label="Users" className="min-w-0 rounded-lg border border-slate-800 bg-slate-900 p-3">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search.searchNow();
        }}
      >
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-200">
          Search users
        </label>
        <input
          id={inputId}
          type="search"
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
          placeholder="E-mail, name, username or id"
          className="w-full rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-sm text-slate-100 focus:border-emerald-400 focus:outline-none"
          autoComplete="off"
        />
      </form>
      <div className="mt-2 flex items-center justify-between text-xs text-slate-400" aria-live="polite">
        {data ? <span>{data.total === 0 ? 'No users' : rangeText(data.offset, data.items.length, data.total)}</span> : <span />}
        {query.isFetching && data ? <span>Updating...</span> : null}
      </div>
      {query.isPending ? <Loading what="users" /> : null}
      <FormError error={query.error} />
      {data && data.items.length === 0 ? <Empty>No user matches “{search.q}”.</Empty> : null}
      <ul className="mt-1 divide-y divide-slate-800">
        {data?.items.map((u) => (
          <li key={u.id}>
            <UserRow u={u} selected={selected === u.id} onSelect={onSelect} />
          </li>
        ))}
      </ul>
      {data && data.total > USERS_PAGE ? <OffsetPager offset={search.offset} pageSize={USERS_PAGE} total={data.total} onOffset={search.setOffset} /> : null}
    </section>
  );
}

function UserRow({ u, selected, onSelect }: { u: AdminUserSummary; selected: boolean; onSelect: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onSelect(u.id)}
      aria-current={selected ? 'true' : undefined}
      className={`flex w-full flex-col gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-slate-800 ${selected ? 'bg-slate-800 ring-1 ring-emerald-600' : ''}`}
    >
      <span className="flex w-full items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">{u.email}</span>
        <span className="shrink-0 font-mono text-xs text-slate-300">{u.credits === null ? '–' : formatCreditsFull(u.credits)}</span>
      </span>
      <span className="flex w-full items-center gap-2 text-xs text-slate-400">
        <span className="min-w-0 truncate">{u.name}</span>
        <span className="ml-auto shrink-0">{formatDateTime(u.createdAt)}</span>
        {u.blocked ? <Badge tone="red">Blocked</Badge> : null}
        {u.isAdmin ? <Badge tone="amber">Admin</Badge> : null}
      </span>
    </button>
  );
}
