import {
  DRILL_ANSWERS_PER_POST_MAX,
  DrillAnswerSchema,
  DrillsProgressSchema,
  type DrillAnswer,
  type DrillsProgress,
} from '@card-counter/shared';
import { summarizeDrills } from '@card-counter/shared/drills';
import { api } from '@/shared/lib/api-client.ts';
import { readStorage, removeStorage, writeStorage } from '@/shared/lib/storage.ts';
import { fsrsDueOf } from '../model/fsrs.ts';

// Where drill answers go. Every player keeps their answers in this browser (the scheduler's
// history; a guest's whole progress); a signed-in player's also go to the server in batches,
// which is the record the progress view reads. A guest's answers are uploaded when a
// signed-in player next opens the trainer in this browser (the guest signed up), then removed.
// Uploaded answers feed progress and spaced repetition and pay nothing; a signed-in player's
// countdown is dealt, graded and stored by the server (drill-deals.ts; ADR 0027), so its answer
// is only kept here (`keep`), never uploaded again.

/** Answers kept in this browser per player; the oldest go first. */
export const LOCAL_ANSWERS_MAX = 5000;
const PREFIX = 'card-counter:drills:';
const FLUSH_DELAY_ms = 1500;
/** Answers waiting for the server; past this the oldest are dropped (they stay in the local history). */
const PENDING_MAX = 1000;

export function answersKey(owner: string): string {
  return `${PREFIX}${owner}`;
}

export function readLocalAnswers(key: string): DrillAnswer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readStorage(key) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((raw: unknown) => {
    const a = DrillAnswerSchema.safeParse(raw);
    return a.success ? [a.data] : [];
  });
}

function writeLocalAnswers(key: string, answers: DrillAnswer[]): void {
  writeStorage(key, JSON.stringify(answers.slice(-LOCAL_ANSWERS_MAX)));
}

export async function postAnswers(answers: DrillAnswer[]): Promise<void> {
  for (let i = 0; i < answers.length; i += DRILL_ANSWERS_PER_POST_MAX) {
    await api.post('/api/me/drills/answers', { answers: answers.slice(i, i + DRILL_ANSWERS_PER_POST_MAX) });
  }
}

export class DrillAnswerStore {
  private pending: DrillAnswer[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;

  constructor(
    readonly owner: string,
    readonly signedIn: boolean,
  ) {}

  history(): DrillAnswer[] {
    return readLocalAnswers(answersKey(this.owner));
  }

  /** Keeps an answer in this browser only: one the server already stored (a server-dealt drill). */
  keep(answer: DrillAnswer): void {
    const key = answersKey(this.owner);
    writeLocalAnswers(key, [...readLocalAnswers(key), answer]);
  }

  add(answer: DrillAnswer): void {
    this.keep(answer);
    if (!this.signedIn) return;
    this.pending.push(answer);
    if (this.pending.length > PENDING_MAX) this.pending.splice(0, this.pending.length - PENDING_MAX);
    if (this.pending.length >= DRILL_ANSWERS_PER_POST_MAX) void this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_ms);
  }

  /** Sends what is queued; kept for the next try when the server cannot be reached. */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.sending !== null) await this.sending;
    if (this.pending.length === 0) return;
    const batch = this.pending.slice(0, DRILL_ANSWERS_PER_POST_MAX);
    this.sending = postAnswers(batch)
      .then(() => {
        // The same answerId sent twice is stored once, so a retry after a lost answer is safe.
        this.pending = this.pending.filter((a) => !batch.includes(a));
      })
      .catch(() => undefined)
      .finally(() => {
        this.sending = null;
      });
    await this.sending;
    if (this.pending.length > 0 && this.timer === null) this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_ms * 4);
  }

  /** The progress view's figures: the server's for a signed-in player, this browser's for a guest. */
  async progress(): Promise<DrillsProgress> {
    if (!this.signedIn) return summarizeDrills(this.history(), fsrsDueOf);
    await this.flush();
    return DrillsProgressSchema.parse(await api.get('/api/me/drills'));
  }

  /** Uploads answers a guest left in this browser to the signed-in player, then removes them. */
  async adoptGuestAnswers(): Promise<number> {
    if (!this.signedIn) return 0;
    let adopted = 0;
    for (const key of guestAnswerKeys()) {
      const answers = readLocalAnswers(key);
      if (answers.length > 0) await postAnswers(answers);
      writeLocalAnswers(answersKey(this.owner), [...this.history(), ...answers]);
      removeStorage(key);
      adopted += answers.length;
    }
    return adopted;
  }
}

function guestAnswerKeys(): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length && i < 10_000; i++) {
      const key = window.localStorage.key(i);
      if (key !== null && (key.startsWith(`${PREFIX}guest-`) || key === `${PREFIX}anonymous`)) keys.push(key);
    }
  } catch {
    // No storage: nothing left behind to adopt.
  }
  return keys;
}

const stores = new Map<string, DrillAnswerStore>();

/** One store per player for the page's life: the drills write to it, the progress view reads through it. */
export function drillAnswerStoreFor(owner: string, signedIn: boolean): DrillAnswerStore {
  const key = `${signedIn ? 'server' : 'local'}:${owner}`;
  let store = stores.get(key);
  if (store === undefined) {
    store = new DrillAnswerStore(owner, signedIn);
    stores.set(key, store);
  }
  return store;
}
