import { useCallback, useRef, useState } from 'react';
import type { TableTraining } from '@card-counter/shared';
import type { CountCheckState } from './use-count-check.ts';

// The count check of a signed-in player's server table (ADR 0028): the server asks after a
// round it picks (`training.countCheck`: an id, never the answer), grades the answer against
// the count it kept, and answers the verdict (`training.lastCountCheck`). This page only shows
// the question, sends the answer, and keeps the session's score of the verdicts it sees.

interface Seen {
  /** The last verdict's id when this page last looked; undefined before the first table. */
  lastId: string | null | undefined;
  /** The open check's id when this page last looked. */
  openId: string | null;
  /** The verdict to show: one answered while this page was open, until the next check is asked. */
  verdictId: string | null;
  score: { asked: number; correct: number };
}

const FIRST: Seen = { lastId: undefined, openId: null, verdictId: null, score: { asked: 0, correct: 0 } };

/** What changed since `seen`: a new verdict scores once and shows; a new question hides the old verdict. */
function follow(seen: Seen, training: TableTraining): Seen {
  const last = training.lastCountCheck;
  const openId = training.countCheck?.id ?? null;
  // The verdict a page finds when it opens was scored in an earlier session: neither shown nor scored.
  if (seen.lastId === undefined) return { ...seen, lastId: last?.id ?? null, openId };
  let next: Seen = { ...seen, lastId: last?.id ?? null, openId };
  if (last !== null && last.id !== seen.lastId) {
    next = { ...next, verdictId: last.id, score: { asked: seen.score.asked + 1, correct: seen.score.correct + (last.correct ? 1 : 0) } };
  }
  if (openId !== null && openId !== seen.openId) next = { ...next, verdictId: null };
  return next;
}

/**
 * `training` is the table's as shown (null before it loads); `send` answers the open check
 * through the table (its snapshot, with the verdict, comes back through the table as well).
 */
export function useServerCountCheck(training: TableTraining | null, send: (id: string, answer: number, trueCount?: number) => Promise<unknown>): CountCheckState {
  const [seen, setSeen] = useState(FIRST);
  const [skippedId, setSkippedId] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const sending = useRef(false);
  const openId = training?.countCheck?.id ?? null;
  const lastId = training?.lastCountCheck?.id ?? null;
  // Follows the table while rendering it, so the verdict appears with the table that carries it.
  if (training !== null && (seen.lastId !== lastId || seen.openId !== openId)) setSeen(follow(seen, training));

  const answer = useCallback(
    (value: number, trueCount?: number) => {
      if (openId === null || sending.current) return;
      sending.current = true;
      setAnswering(true);
      void send(openId, value, trueCount).finally(() => {
        sending.current = false;
        setAnswering(false);
      });
    },
    [openId, send],
  );
  // Skipping only hides it: the server lets the check lapse when the next round is dealt.
  const dismiss = useCallback(() => setSkippedId(openId), [openId]);

  const last = training?.lastCountCheck ?? null;
  return {
    asking: openId !== null && openId !== skippedId,
    asked: training?.countCheck?.asked ?? 'runningCount',
    answering,
    score: seen.score,
    lastAnswer: last !== null && last.id === seen.verdictId ? { id: last.id, answered: last.answered, expected: last.expected, correct: last.correct, trueCount: last.trueCount, practice: last.practice } : null,
    answer,
    dismiss,
  };
}
