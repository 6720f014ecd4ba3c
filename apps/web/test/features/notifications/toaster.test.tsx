import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/features/notifications/components/toaster.tsx';
import { showToast, useToastStore } from '@/shared/stores/toast-store.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Toaster', () => {
  afterEach(() => {
    act(() => useToastStore.getState().clear());
  });

  it('renders each kind with its message', () => {
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'error', message: 'Something broke' });
      showToast({ kind: 'warning', message: 'Careful' });
      showToast({ kind: 'info', message: 'For your information' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Something broke');
    const kinds = Array.from(document.querySelectorAll('[data-kind]')).map((el) => el.getAttribute('data-kind'));
    expect(kinds).toEqual(['error', 'warning', 'info']);
    expect(screen.getByText('Careful')).toBeTruthy();
    expect(screen.getByText('For your information')).toBeTruthy();
  });

  it('has no Retry button without a retry handler', () => {
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'info', message: 'Plain' });
    });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('the close button removes the toast', () => {
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'warning', message: 'Go away' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Go away')).toBeNull();
  });

  it("Retry shows 'Retrying...' while the retry runs and closes the toast on success", async () => {
    const pending = deferred();
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'error', message: 'Save failed', onRetry: () => pending.promise });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((screen.getByRole('button', { name: 'Retrying...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      pending.resolve();
      await pending.promise;
    });
    expect(screen.queryByText('Save failed')).toBeNull();
  });

  it('a failed retry shows the new error, still retryable', async () => {
    const pending = deferred();
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'error', message: 'Save failed', onRetry: () => pending.promise });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => {
      pending.reject(new Error('Still failing'));
      await pending.promise.catch(() => undefined);
    });
    expect(screen.getByText('Still failing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('an action toast shows its own label, its pending label while running, and offers it again after a failure', async () => {
    const pending = deferred();
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'info', message: 'Mail sent', action: { label: 'Resend email', pendingLabel: 'Sending...', run: () => pending.promise } });
    });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      pending.reject(new Error('No user logged in.'));
      await pending.promise.catch(() => undefined);
    });
    expect(screen.queryByText('Mail sent')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('No user logged in.');
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
  });
});
