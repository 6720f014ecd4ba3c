import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers.tsx';
import { CreditForm } from '@/features/admin/components/credit-form.tsx';
import { json, stubFetch } from '../../support/fetch.ts';

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreditForm userId="user-9" label="bob@example.com" balance={1_000} />
    </QueryClientProvider>,
  );
}

function answer(amount: number, balance: number) {
  return json({
    applied: true,
    balance,
    transaction: {
      id: '7',
      userId: 'user-9',
      type: 'admin',
      amount,
      balance,
      description: 'x',
      metadata: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  });
}

describe('admin credit form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a removal asks for confirmation first; Cancel sends nothing, confirming sends a negative amount with the reason', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/admin/users/user-9/credits') {
        bodies.push(JSON.parse(String(init?.body)));
        return answer(-300, 700);
      }
      return undefined;
    });
    renderForm();
    fireEvent.click(screen.getByLabelText('Remove'));
    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Duplicate grant' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove credits?' });
    expect(dialog.textContent).toContain('bob@example.com');
    expect(dialog.textContent).toContain('balance 1,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove credits' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove 300 credits' }),
    );
    expect(await screen.findByText('Removed 300 credits. New balance 700.')).toBeTruthy();
    expect(bodies).toEqual([
      { requestId: expect.any(String) as string, amount: -300, reason: 'Duplicate grant' },
    ]);
  });

  it('refuses to send without a reason, and a retry after a failure reuses the request id', async () => {
    const ids: string[] = [];
    let fail = true;
    stubFetch((url, init) => {
      if (url.pathname !== '/api/admin/users/user-9/credits') return undefined;
      ids.push((JSON.parse(String(init?.body)) as { requestId: string }).requestId);
      if (fail) {
        fail = false;
        return json({ error: { code: 'UNEXPECTED', message: 'An unexpected error occurred' } }, 500);
      }
      return answer(50, 1_050);
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Say why/);
    expect(ids).toEqual([]);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/unexpected/);
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect(await screen.findByText('Granted 50 credits. New balance 1,050.')).toBeTruthy();
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[1]).toBe(ids[0]);
  });

  // Issue 39: the field dropped every character that was not a digit, so "-500" granted +500,
  // "0.5" granted 5 and "1e3" granted 13.
  it.each([
    ['-500', /without a sign/],
    ['0.5', /whole number/],
    ['1e3', /whole number/],
    ['12 000', /whole number/],
  ])('a grant of "%s" is refused as typed and sends nothing', async (typed, why) => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (url.pathname !== '/api/admin/users/user-9/credits') return undefined;
      bodies.push(JSON.parse(String(init?.body)));
      return answer(1, 1_001);
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: typed } });
    expect((screen.getByLabelText('Amount (credits)') as HTMLInputElement).value).toBe(typed);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'negative test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(why);
    expect(bodies).toEqual([]);
  });

  it('an amount grouped by commas is the number it reads as', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (url.pathname !== '/api/admin/users/user-9/credits') return undefined;
      bodies.push(JSON.parse(String(init?.body)));
      return answer(1_000, 2_000);
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: '1,000' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect(await screen.findByText('Granted 1,000 credits. New balance 2,000.')).toBeTruthy();
    expect(bodies).toEqual([{ requestId: expect.any(String) as string, amount: 1_000, reason: 'Goodwill' }]);
  });
});
