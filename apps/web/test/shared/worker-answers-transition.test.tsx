import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseRules, type Rules } from '@card-counter/engine';
import { useAdvantageBasis } from '@/shared/strategy/advantage-basis.ts';
import { useStrategy } from '@/shared/strategy/use-basic-strategy.ts';

// The table's first seconds on a phone: the chart and the advantage basis arrive from workers
// after the table has mounted, and each renders the whole table again. On React DOM such an
// update is a transition, which React renders in slices it can put off for a tap or a key
// (docs/decisions/0047); a plain setState renders it in one blocking task.

const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const startTransition: typeof react.startTransition = (scope) => {
    transitions.count++;
    react.startTransition(scope);
  };
  return { ...react, default: { ...react, startTransition }, startTransition };
});
// jsdom has no workers, so both are built on the main thread; what is built does not matter here
// (the exact analysis takes seconds on a loaded machine), only how its arrival is rendered.
vi.mock('@/shared/strategy/build-here.ts', () => ({
  buildStrategyHere: () => ({ table: new Uint8Array(1), chart: {} }),
  buildAdvantageBasisHere: () => ({}),
}));

function Answers({ rules }: { rules: Rules }) {
  const chart = useStrategy(rules);
  const basis = useAdvantageBasis(rules);
  return <p>{`${chart === null ? 'building' : 'built'} ${basis === null ? 'building' : 'built'}`}</p>;
}

describe("the workers' answers", { timeout: 30_000 }, () => {
  it('render their callers again in a transition, once each', async () => {
    const rules = { ...parseRules({}), numDecks: 3 };
    const view = render(<Answers rules={rules} />);
    expect(view.container.textContent).toBe('building building');
    expect(transitions.count).toBe(0);
    await waitFor(() => expect(view.container.textContent).toBe('built built'), { timeout: 20_000 });
    expect(transitions.count).toBe(2);
  });
});
