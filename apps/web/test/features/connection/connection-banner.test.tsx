import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_RESTORED_BANNER_ms } from '@card-counter/shared';
import { ConnectionBanner } from '@/features/connection/components/connection-banner.tsx';

describe('ConnectionBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing while online', () => {
    render(<ConnectionBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says 'No internet connection' offline and 'Connection restored' for 3 seconds", () => {
    render(<ConnectionBanner />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('No internet connection')).toBeTruthy();
    // Offline stays until the connection returns.
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('No internet connection')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Connection restored')).toBeTruthy();
    expect(screen.queryByText('No internet connection')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(CONNECTION_RESTORED_BANNER_ms - 1);
    });
    expect(screen.getByText('Connection restored')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Connection restored')).toBeNull();
  });

  it('going offline again cancels the restored timer', () => {
    render(<ConnectionBanner />);
    act(() => {
      window.dispatchEvent(new Event('online'));
      vi.advanceTimersByTime(1000);
      window.dispatchEvent(new Event('offline'));
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('No internet connection')).toBeTruthy();
  });
});
