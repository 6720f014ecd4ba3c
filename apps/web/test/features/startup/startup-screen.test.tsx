import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STARTUP_REDIRECT_DELAY_ms } from '@card-counter/shared';
import { StartupScreen } from '@/features/startup/components/startup-screen.tsx';
import { StartupGate } from '@/app/startup-gate.tsx';
import type { AppConfig } from '@/shared/config/app-config.ts';
import { STORAGE_KEYS, isOfflineModeSet, setOfflineMode } from '@/shared/lib/storage.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { CONFIG } from '../../support/fixtures.ts';

function renderScreen(initialize: () => Promise<unknown>) {
  const handlers = { onReady: vi.fn(), onContinueOffline: vi.fn(), storeOfflineFlag: vi.fn(setOfflineMode), reload: vi.fn() };
  render(<StartupScreen initialize={initialize} {...handlers} />);
  return handlers;
}

describe('StartupScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Loading Card Counter...' and moves on exactly 1 second after a successful start", async () => {
    const { onReady } = renderScreen(() => Promise.resolve());
    expect(screen.getByText('Loading Card Counter...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(STARTUP_REDIRECT_DELAY_ms - 1));
    expect(onReady).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it("shows 'Unable to Connect', the message and the tips on failure, and never moves on", async () => {
    const { onReady } = renderScreen(() => Promise.reject(new Error('Server is down for maintenance')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Unable to Connect')).toBeTruthy();
    expect(screen.getByText('Server is down for maintenance')).toBeTruthy();
    expect(screen.getByText(/internet connection/i)).toBeTruthy();
    expect(screen.getByText(/refresh/i)).toBeTruthy();
    expect(screen.getByText(/cache/i)).toBeTruthy();
    expect(screen.getByText(/try again later/i)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onReady).not.toHaveBeenCalled();
  });

  it("Retry shows 'Retrying...' and reloads the page", async () => {
    const { reload } = renderScreen(() => Promise.reject(new Error('nope')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
    const button = screen.getByRole('button', { name: 'Retrying...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('Continue Offline stores the flag, then continues', async () => {
    const { onContinueOffline } = renderScreen(() => Promise.reject(new Error('nope')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(isOfflineModeSet()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Continue Offline' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.offlineMode)).toBe('true');
    expect(onContinueOffline).toHaveBeenCalledTimes(1);
  });
});

const READY_CONFIG: AppConfig = CONFIG;

function renderGate(initialize: () => Promise<AppConfig>, path = '/somewhere') {
  // The session load after startup is not under test here.
  useSessionStore.setState({ loadSession: () => Promise.resolve() });
  const router = createMemoryRouter(
    [
      { path: '/', element: <StartupGate initialize={initialize}><p>home page</p></StartupGate> },
      { path: '/somewhere', element: <StartupGate initialize={initialize}><p>somewhere page</p></StartupGate> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('StartupGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is skipped when the offline flag is set', () => {
    setOfflineMode();
    const initialize = vi.fn(() => Promise.resolve(READY_CONFIG));
    renderGate(initialize);
    expect(screen.getByText('somewhere page')).toBeTruthy();
    expect(initialize).not.toHaveBeenCalled();
  });

  it('reveals the requested route 1 second after the checks pass', async () => {
    renderGate(() => Promise.resolve(READY_CONFIG));
    expect(screen.getByText('Loading Card Counter...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(STARTUP_REDIRECT_DELAY_ms));
    expect(screen.getByText('somewhere page')).toBeTruthy();
  });

  it('Continue Offline goes to /', async () => {
    const router = renderGate(() => Promise.reject(new Error('Unable to connect')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Continue Offline' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
    expect(isOfflineModeSet()).toBe(true);
  });

  it("shows 'Deployment Configuration Error' for a production deployment with missing settings", async () => {
    const incomplete: AppConfig = { ...CONFIG, missing: ['BETTER_AUTH_SECRET', 'STRIPE_SECRET_KEY'], environment: 'production' };
    renderGate(() => Promise.resolve(incomplete));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The screen is a chunk of its own (out of every first load): it renders once it has arrived.
    await vi.waitFor(() => expect(screen.getByText('Deployment Configuration Error')).toBeTruthy());
    expect(screen.getByText('BETTER_AUTH_SECRET')).toBeTruthy();
    expect(screen.getByText('Payment settings are missing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deployment guide' }).getAttribute('href')).toBe('/docs/deployment');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText('somewhere page')).toBeNull();
  });
});
