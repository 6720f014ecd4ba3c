import type { VisibleGameState } from '@card-counter/engine';
import { useEffect, useRef, useState } from 'react';
import { tableAnnouncement } from '../model/announce.ts';
import { verdictSentence, type Verdict } from '../model/coach-verdicts.ts';

/** The newest lines kept in the log: a screen reader speaks each as it is added. */
const LINES_MAX = 4;

interface Line {
  id: number;
  text: string;
}

/**
 * The table in words for a screen reader: every card as it lands, the totals, the dealer's
 * hand, the results and the coach's verdicts (model/announce.ts). One log that stays in the
 * page, so each new line is announced (a live region inserted with its text is often not),
 * visually hidden: the felt shows the same as pictures.
 */
export function TableAnnouncer({ state, verdict }: { state: VisibleGameState; verdict: Verdict | null }) {
  const [lines, setLines] = useState<Line[]>([]);
  const seen = useRef<{ state: VisibleGameState | null; verdict: Verdict | null; next: number }>({ state: null, verdict, next: 0 });
  useEffect(() => {
    const held = seen.current;
    const said: string[] = [];
    if (verdict !== null && verdict !== held.verdict) said.push(`Coach: ${verdictSentence(verdict)}`);
    const table = tableAnnouncement(held.state, state);
    if (table !== null) said.push(table);
    held.state = state;
    held.verdict = verdict;
    if (said.length === 0) return;
    const added = said.map((text) => ({ id: held.next++, text }));
    setLines((old) => [...old, ...added].slice(-LINES_MAX));
  }, [state, verdict]);
  return (
    <div role="log" aria-live="polite" aria-label="Table announcements" className="sr-only" data-testid="table-announcer">
      {lines.map((l) => (
        <p key={l.id}>{l.text}</p>
      ))}
    </div>
  );
}
