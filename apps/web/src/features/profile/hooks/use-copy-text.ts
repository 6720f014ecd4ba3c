import { useCallback, useRef, useState, type RefObject } from 'react';

export type CopyState = 'idle' | 'copied' | 'unavailable';

/**
 * Copies `text` to the clipboard; where the page may not (no navigator.clipboard over plain
 * http from another machine, or a refused permission) it selects the element `ref` shows it in,
 * which leaves Ctrl+C one key away.
 */
export function useCopyText(text: string): { ref: RefObject<HTMLElement | null>; state: CopyState; copy: () => Promise<void> } {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const copy = useCallback(async () => {
    try {
      if (navigator.clipboard === undefined) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('unavailable');
      const node = ref.current;
      const selection = window.getSelection();
      if (node === null || selection === null) return;
      const range = document.createRange();
      range.selectNodeContents(node);
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }, [text]);
  return { ref, state, copy };
}
