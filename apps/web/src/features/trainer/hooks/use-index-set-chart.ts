// The Charts page's index set (issue 37): which set is shown (the fleet's full set, its named
// published subset, or one of the player's own sets for this count and rules), the edits not yet
// saved, and the saves: every change of the player's sets is one PUT of them all (the contract
// replaces them whole), after which the shared query is invalidated so the table's coach and the
// simulator read the same sets (shared/index-sets). A partial list would delete the rest (ADR 0075).
// The unsaved edits are kept in this browser per player and set key (api/index-set-draft.ts), so a
// reload restores them ("unsaved chart edits lost on reload"); a save, a discard or another set
// chosen drops them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CountingOptions, FullIndexSet, Rules } from '@card-counter/engine';
import type { IndexSetBody, PlayerIndexSet } from '@card-counter/shared';
import { fetchPlayerSets, savePlayerSets } from '@/shared/index-sets/index-set-api.ts';
import { indexSetKeyOf, keyOfPlayerSet } from '@/shared/index-sets/index-set-key.ts';
import { PLAYER_INDEX_SETS_QUERY_KEY } from '@/shared/index-sets/use-index-set.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { draftStorageKey, readDraft, removeDraft, writeDraft, type StoredDraft } from '../api/index-set-draft.ts';
import { useFleetIndexSet, type FleetSetView } from './use-fleet-index-set.ts';
import { editCell, type PlayEdit } from '../model/player-sets.ts';

/** 'full', 'subset:<name>' or 'mine:<name>'. */
export type SetChoice = string;

export interface SetOption {
  readonly id: SetChoice;
  readonly label: string;
  readonly set: FullIndexSet;
  readonly kind: 'full' | 'subset' | 'mine';
  readonly own?: PlayerIndexSet;
}

function optionsOf(fleet: IndexSetBody | null, mine: readonly PlayerIndexSet[]): SetOption[] {
  const out: SetOption[] = [];
  if (fleet) {
    out.push({ id: 'full', kind: 'full', label: `Full set (${fleet.source === 'published' ? 'published' : 'generated'})`, set: fleet });
    for (const s of fleet.subsets) out.push({ id: `subset:${s.name}`, kind: 'subset', label: `${s.name} (${s.source})`, set: s });
  }
  for (const s of mine) out.push({ id: `mine:${s.name}`, kind: 'mine', label: `${s.name}${s.chosen ? ' (used at the table)' : ''}`, set: s, own: s });
  return out;
}

export interface IndexSetChart {
  readonly fleet: FleetSetView;
  readonly signedIn: boolean;
  /** Every set of the player's (all counts and rules): what a PUT sends. */
  readonly allMine: readonly PlayerIndexSet[];
  readonly mineFailed: unknown;
  readonly options: readonly SetOption[];
  readonly current: SetOption | null;
  readonly select: (id: SetChoice) => void;
  /** The current set with the edits not yet saved. */
  readonly shown: FullIndexSet | null;
  readonly dirty: boolean;
  /** The unsaved edits were read back from this browser (a reload, or the page opened again). */
  readonly restored: boolean;
  readonly edit: (hand: string, up: string, edits: readonly PlayEdit[]) => void;
  readonly setInsurance: (insurance: number | null) => void;
  readonly discard: () => void;
  /** PUT the player's sets as `next`, then show `show` (a new or renamed set). */
  readonly save: (next: PlayerIndexSet[], show?: SetChoice) => void;
  readonly saving: boolean;
  readonly saveError: unknown;
}

interface DraftState {
  readonly storageKey: string;
  readonly draft: StoredDraft | null;
  readonly restored: boolean;
}

function loadDraft(storageKey: string): DraftState {
  const draft = readDraft(storageKey);
  return { storageKey, draft, restored: draft !== null };
}

/** The stored draft of this player and set key, read again when either changes (sign-in, other rules). */
function useStoredDraft(storageKey: string) {
  const [state, setState] = useState(() => loadDraft(storageKey));
  let now = state;
  if (state.storageKey !== storageKey) {
    now = loadDraft(storageKey);
    setState(now);
  }
  return {
    ...now,
    keep: (draft: StoredDraft) => {
      writeDraft(storageKey, draft);
      setState({ storageKey, draft, restored: now.restored });
    },
    clear: () => {
      removeDraft(storageKey);
      setState({ storageKey, draft: null, restored: false });
    },
  };
}

export function useIndexSetChart(rules: Rules, counting: CountingOptions, signedIn: boolean): IndexSetChart {
  const fleet = useFleetIndexSet(rules, counting);
  const client = useQueryClient();
  const mine = useQuery({ queryKey: PLAYER_INDEX_SETS_QUERY_KEY, queryFn: ({ signal }) => fetchPlayerSets(signal), enabled: signedIn, staleTime: 30_000 });
  const key = indexSetKeyOf(rules, counting);
  const allMine = mine.data ?? [];
  const here = allMine.filter((s) => keyOfPlayerSet(s) === key);
  const options = optionsOf(fleet.status === 'ready' ? fleet.set : null, here);
  const [picked, setPicked] = useState<SetChoice | null>(null);
  const stored = useStoredDraft(draftStorageKey(useUserState()?.userId ?? 'anonymous', key));
  // Until the player picks, the set their table uses: their chosen one, else the full set. A draft
  // belongs to the set it was made from, restored or not.
  const fallback = here.find((s) => s.chosen) ? `mine:${here.find((s) => s.chosen)?.name}` : 'full';
  const current = options.find((o) => o.id === (stored.draft?.choice ?? picked ?? fallback)) ?? options[0] ?? null;
  // No draft without the set it edits (a restored one waits for the set to be read).
  const shown = current ? (stored.draft?.set ?? current.set) : null;
  const setDraft = (set: FullIndexSet) => current && stored.keep({ choice: stored.draft?.choice ?? current.id, set });
  const mutation = useMutation({
    mutationFn: ({ next }: { next: PlayerIndexSet[]; show?: SetChoice }) => savePlayerSets(next),
    onSuccess: async (saved, { show }) => {
      client.setQueryData(PLAYER_INDEX_SETS_QUERY_KEY, saved);
      stored.clear();
      if (show !== undefined) setPicked(show);
      await client.invalidateQueries({ queryKey: PLAYER_INDEX_SETS_QUERY_KEY });
    },
  });
  return {
    fleet,
    signedIn,
    allMine,
    mineFailed: mine.error,
    options,
    current,
    select: (id) => {
      setPicked(id);
      stored.clear();
    },
    shown,
    dirty: stored.draft !== null && shown !== null,
    restored: stored.restored && stored.draft !== null && shown !== null,
    edit: (hand, up, edits) => shown && setDraft(editCell(shown, hand, up, edits)),
    setInsurance: (insurance) => shown && setDraft({ plays: shown.plays, insurance }),
    discard: stored.clear,
    save: (next, show) => mutation.mutate({ next, ...(show !== undefined ? { show } : {}) }),
    saving: mutation.isPending,
    saveError: mutation.error,
  };
}
