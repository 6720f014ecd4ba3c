import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreditsDisplay } from '@/features/credits/components/credits-display.tsx';
import { formatCreditsCompact, formatCreditsFull } from '@/shared/lib/format.ts';

describe('compact credits format', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_550, '1.6K'],
    [10_000, '10.0K'],
    // Below one million stays in thousands, even when it rounds to 1000.0K.
    [999_999, '1000.0K'],
    [1_000_000, '1.0M'],
    [1_500_000, '1.5M'],
    [25_000_000, '25.0M'],
  ])('%d -> %s', (credits, expected) => {
    expect(formatCreditsCompact(credits)).toBe(expected);
  });
});

describe('full credits format', () => {
  it('groups thousands', () => {
    expect(formatCreditsFull(999)).toBe('999');
    expect(formatCreditsFull(10_000)).toBe('10,000');
    expect(formatCreditsFull(1_234_567)).toBe('1,234,567');
  });
});

describe('CreditsDisplay', () => {
  it('full form shows the label Credits and the separated balance', () => {
    render(<CreditsDisplay credits={1_234_567} variant="full" />);
    expect(screen.getByText('Credits')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
  });

  it('compact form shows the short balance', () => {
    render(<CreditsDisplay credits={1_500_000} variant="compact" />);
    expect(screen.getByText('1.5M')).toBeTruthy();
    expect(screen.queryByText('Credits')).toBeNull();
  });

  it('has no purchase control without a handler', () => {
    render(<CreditsDisplay credits={10_000} />);
    expect(screen.queryByRole('button', { name: 'Purchase more credits' })).toBeNull();
  });

  it('shows the purchase control with a handler and calls it', () => {
    const onPurchase = vi.fn();
    render(<CreditsDisplay credits={10_000} onPurchase={onPurchase} />);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase more credits' }));
    expect(onPurchase).toHaveBeenCalledTimes(1);
  });
});
