import type { DrillAnswer } from '@card-counter/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrillAnswerStore, answersKey, readLocalAnswers } from '@/features/trainer/api/answer-store.ts';
import { json, stubFetch } from '../../support/fetch.ts';

function answer(item: string, correct: boolean): DrillAnswer {
  return { answerId: crypto.randomUUID(), drill: 'basicStrategy', item, correct, time_ms: 1200, answeredAt: '2026-01-02T10:00:00.000Z' };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('drill answers in the browser', () => {
  it("a guest's answers stay local and make the guest's progress (no request)", async () => {
    const { calls } = stubFetch(() => undefined);
    const store = new DrillAnswerStore('guest-1', false);
    store.add(answer('hard:16:10', false));
    store.add(answer('hard:12:4', true));
    const progress = await store.progress();
    const bs = progress.drills.find((d) => d.drill === 'basicStrategy');
    expect(bs).toMatchObject({ answers: 2, correct: 1, accuracy: 0.5 });
    expect(bs?.dueNext[0]).toBe('hard:16:10');
    expect(calls).toEqual([]);
  });

  it('a guest who signs up keeps their answers: they are posted to the new account and leave the guest key', async () => {
    const guest = new DrillAnswerStore('guest-2', false);
    const mine = [answer('pair:8:A', true), answer('soft:18:9', false)];
    for (const a of mine) guest.add(a);
    const posted: DrillAnswer[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/me/drills/answers' && init?.method === 'POST') {
        posted.push(...(JSON.parse(String(init.body)) as { answers: DrillAnswer[] }).answers);
        return json({ stored: 2 });
      }
      return undefined;
    });
    const player = new DrillAnswerStore('user-9', true);
    expect(await player.adoptGuestAnswers()).toBe(2);
    expect(posted.map((a) => a.answerId)).toEqual(mine.map((a) => a.answerId));
    expect(readLocalAnswers(answersKey('guest-2'))).toEqual([]);
    expect(player.history().map((a) => a.item)).toEqual(['pair:8:A', 'soft:18:9']);
    // Nothing left to adopt the second time.
    expect(await player.adoptGuestAnswers()).toBe(0);
  });

  it("a signed-in player's answers are batched to the server; a failed post is kept and sent again", async () => {
    let fail = true;
    const posted: string[] = [];
    stubFetch((url, init) => {
      if (url.pathname !== '/api/me/drills/answers') return undefined;
      if (fail) return json({ error: { code: 'UNEXPECTED', message: 'An unexpected error occurred' } }, 500);
      posted.push(...(JSON.parse(String(init?.body)) as { answers: DrillAnswer[] }).answers.map((a) => a.item));
      return json({ stored: 1 });
    });
    const store = new DrillAnswerStore('user-10', true);
    store.add(answer('hard:9:2', true));
    await store.flush();
    expect(posted).toEqual([]);
    fail = false;
    await store.flush();
    expect(posted).toEqual(['hard:9:2']);
  });
});
