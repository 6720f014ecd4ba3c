// Regression: the count's field took the focus in a passive effect, after the next frame, so
// the digits of a counter who types the moment "Running count?" shows went nowhere.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountInput } from '@/features/trainer/components/count-input.tsx';
import { outsideAct, whenShown } from '../../support/outside-act.ts';

describe('CountInput', () => {
  it('has the focus as soon as it is on screen', async () => {
    let ask: () => void = () => {};
    function Drill() {
      const [asking, setAsking] = useState(false);
      ask = () => setAsking(true);
      return asking ? <CountInput label="Running count" step={1} onSubmit={() => {}} /> : <p>dealing</p>;
    }
    let focused: Element | null = null;
    await outsideAct(async (root) => {
      root.render(<Drill />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const shown = whenShown('input', () => (focused = document.activeElement));
      ask();
      await shown;
    });
    expect(focused).toBeInstanceOf(HTMLInputElement);
  });
});
