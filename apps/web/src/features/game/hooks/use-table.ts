import { useCallback, useEffect, useRef, useState } from 'react';
import type { CountingOptions, GameAction } from '@card-counter/engine';
import type { TableTrainingSettings } from '@card-counter/shared';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { TableRefusal, type TableSnapshot, type TableSource } from '../api/table-source.ts';

export interface TableHandle {
  snapshot: TableSnapshot | null;
  /** Why the last action was refused (or failed), until the next one succeeds. */
  error: string | null;
  busy: boolean;
  act: (action: GameAction) => Promise<TableSnapshot | null>;
  setCounting: (options: CountingOptions) => Promise<TableSnapshot | null>;
  /** The server's training settings (null, and nothing sent, on a table without them: the local engine). */
  setTraining: (settings: Partial<TableTrainingSettings>) => Promise<TableSnapshot | null>;
  /** Answers the server's open count check (null, and nothing sent, on the local engine). */
  answerCountCheck: (id: string, answer: number, trueCount?: number) => Promise<TableSnapshot | null>;
  /** Loads the table again (after a failed first load: the server could not be reached). */
  reload: () => void;
  /** Reads the table as it stands now, quietly (a credit balance moved outside the table). */
  refresh: () => void;
}

/** The newer of two snapshots: answers and followed tables can cross, and the table never goes back. */
function newer(held: TableSnapshot | null, next: TableSnapshot): TableSnapshot {
  return held !== null && held.version > next.version ? held : next;
}

/** `onFollow` hears each table another tab or device made (the source's follow), after it is shown. */
export function useTable(source: TableSource, onFollow?: (snapshot: TableSnapshot) => void): TableHandle {
  const [snapshot, setSnapshotRaw] = useState<TableSnapshot | null>(null);
  const setSnapshot = useCallback((next: TableSnapshot) => setSnapshotRaw((held) => newer(held, next)), []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let live = true;
    source.load().then(
      (s) => live && setSnapshot(s),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [source, loads, setSnapshot]);

  const followed = useRef(onFollow);
  useEffect(() => {
    followed.current = onFollow;
  }, [onFollow]);
  useEffect(
    () =>
      source.follow?.((s) => {
        setSnapshot(s);
        followed.current?.(s);
      }),
    [source, setSnapshot],
  );

  const run = useCallback(async (call: () => Promise<TableSnapshot>) => {
    setBusy(true);
    try {
      const next = await call();
      setSnapshot(next);
      setError(null);
      return next;
    } catch (e) {
      if (e instanceof TableRefusal) setSnapshot(e.snapshot);
      setError(errorMessage(e));
      return null;
    } finally {
      setBusy(false);
    }
  }, [setSnapshot]);

  const act = useCallback((action: GameAction) => run(() => source.act(action)), [run, source]);
  const setCounting = useCallback((options: CountingOptions) => run(() => source.setCounting(options)), [run, source]);
  const setTraining = useCallback(
    (settings: Partial<TableTrainingSettings>) => {
      const send = source.setTraining?.bind(source);
      return send ? run(() => send(settings)) : Promise.resolve(null);
    },
    [run, source],
  );
  const answerCountCheck = useCallback(
    (id: string, answer: number, trueCount?: number) => {
      const send = source.answerCountCheck?.bind(source);
      return send ? run(() => send(id, answer, trueCount)) : Promise.resolve(null);
    },
    [run, source],
  );
  const reload = useCallback(() => {
    setError(null);
    setLoads((n) => n + 1);
  }, []);
  const refresh = useCallback(() => void source.load().then(setSnapshot, () => undefined), [source, setSnapshot]);
  return { snapshot, error, busy, act, setCounting, setTraining, answerCountCheck, reload, refresh };
}
