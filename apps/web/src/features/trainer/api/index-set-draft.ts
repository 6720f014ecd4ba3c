import type { FullIndexSet } from '@card-counter/engine';
import { INDEX_SET_PLAYS_MAX, IndexSetPlaySchema } from '@card-counter/shared';
import { z } from '@card-counter/shared/zod';
import { readStorage, removeStorage, writeStorage } from '@/shared/lib/storage.ts';

// The Charts page's unsaved index set edits, kept in this browser so a reload does not lose them
// (they have no server copy until saved). One draft per player and set key (count, rules and
// convention), with the set it was made from (`choice`: 'full', 'subset:<name>', 'mine:<name>'),
// so a restored draft is saved onto the set it edits.

const PREFIX = 'card-counter:index-set-draft:';

export interface StoredDraft {
  readonly choice: string;
  readonly set: FullIndexSet;
}

const StoredDraftSchema = z.strictObject({
  choice: z.string().check(z.minLength(1), z.maxLength(200)),
  set: z.strictObject({
    plays: z.array(IndexSetPlaySchema).check(z.maxLength(INDEX_SET_PLAYS_MAX)),
    insurance: z.nullable(z.number().check(z.gte(-60), z.lte(60))),
  }),
});

export function draftStorageKey(owner: string, setKey: string): string {
  return `${PREFIX}${owner}:${setKey}`;
}

/** The draft stored under `key`; null when there is none or it is not one (an older shape, a hand edit). */
export function readDraft(key: string): StoredDraft | null {
  const text = readStorage(key);
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  return StoredDraftSchema.safeParse(raw).data ?? null;
}

export function writeDraft(key: string, draft: StoredDraft): void {
  writeStorage(key, JSON.stringify(draft));
}

export function removeDraft(key: string): void {
  removeStorage(key);
}
