import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERRORS, TRANSACTIONS_LIMIT_DEFAULT } from '@card-counter/shared';
import { json, stubFetch } from '../../support/fetch.ts';
import { CONFIG, PROFILE } from '../../support/fixtures.ts';
import { renderApp } from '../../support/render.tsx';
import { startAppAfterContinueOffline } from '../../support/app-start.ts';

function row(n: number) {
  return {
    id: `t${n}`,
    userId: 'user-1',
    type: 'bonus',
    amount: 100,
    balance: 10_000 + n * 100,
    description: `Row ${n}`,
    metadata: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  };
}

describe('profile screen', () => {
  startAppAfterContinueOffline();

  it('pages the transaction history with the cursor and Load more', async () => {
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/me/transactions') {
        expect(url.searchParams.get('limit')).toBe(String(TRANSACTIONS_LIMIT_DEFAULT));
        return url.searchParams.get('cursor') === '41'
          ? json({ items: [row(1)], nextCursor: null })
          : json({ items: [row(3), row(2)], nextCursor: '41' });
      }
      return undefined;
    });
    renderApp('/profile');
    const history = await screen.findByRole('region', { name: 'Transaction history' });
    await within(history).findByText('Row 3');
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(within(history).getByRole('button', { name: 'Load more' }));
    await within(history).findByText('Row 1');
    const descriptions = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.children[1]?.textContent);
    expect(descriptions).toEqual(['Row 3', 'Row 2', 'Row 1']);
    expect(within(history).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.includes('/api/me/transactions'))).toHaveLength(2);
  });

  it('closes the daily bonus after a claim and says when the next one opens', async () => {
    const lastClaim = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    stubFetch((url) => {
      if (url.pathname === '/api/me') return json({ ...PROFILE, lastDailyBonus: lastClaim });
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
      return undefined;
    });
    renderApp('/profile');
    const bonus = await screen.findByRole('region', { name: 'Daily bonus' });
    const button = await within(bonus).findByRole('button', { name: 'Claim daily bonus' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(within(bonus).getByRole('timer').textContent).toMatch(/^Next bonus in 2[23]h \d\dm, on .+\.$/);
    expect(button.getAttribute('aria-describedby')).toBe('daily-bonus-next');
  });

  it('a refused daily bonus shows when the next claim opens', async () => {
    stubFetch((url, init) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
      if (url.pathname === '/api/me/daily-bonus' && init?.method === 'POST') {
        return json(
          {
            error: {
              code: 'DAILY_BONUS_NOT_READY',
              message: 'The daily bonus has already been claimed. Come back later.',
              nextClaimAt: '2026-03-04T05:06:00.000Z',
            },
          },
          409,
        );
      }
      return undefined;
    });
    renderApp('/profile');
    const bonus = await screen.findByRole('region', { name: 'Daily bonus' });
    fireEvent.click(within(bonus).getByRole('button', { name: 'Claim daily bonus' }));
    const alert = await within(bonus).findByRole('alert');
    expect(alert.textContent).toContain('Next bonus available');
    expect(alert.textContent).toContain('2026');
  });

  it('saves the names with PATCH /api/me and updates the navigation bar', async () => {
    let patched: unknown = null;
    stubFetch((url, init) => {
      if (url.pathname === '/api/me' && init?.method === 'PATCH') {
        patched = JSON.parse(String(init.body));
        return json({ ...PROFILE, displayName: 'Countess' });
      }
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
      return undefined;
    });
    renderApp('/profile');
    const names = await screen.findByRole('region', { name: 'Names' });
    fireEvent.change(within(names).getByLabelText('Display name'), { target: { value: '  Countess ' } });
    fireEvent.click(within(names).getByRole('button', { name: 'Save names' }));
    await screen.findByRole('link', { name: 'Countess' });
    expect(patched).toEqual({ displayName: 'Countess', username: 'ada' });
    await waitFor(() => expect(within(names).getByRole('status').textContent).toBe('Your names have been saved.'));
  });
  // The server's name rules (ADR 0046) answer with the catalogue's message; the form shows it as it is.
  it.each([
    ['NAME_CHARACTERS_NOT_ALLOWED', 400],
    ['NAME_RESERVED', 400],
    ['USERNAME_CONFUSABLE', 409],
  ] as const)('a name the server refuses with %s shows its message in the names form', async (code, status) => {
    stubFetch((url, init) => {
      if (url.pathname === '/api/me' && init?.method === 'PATCH') {
        return json({ error: { code, message: ERRORS[code].message, details: { field: 'body.username' } } }, status);
      }
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/config') return json(CONFIG);
      if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
      return undefined;
    });
    renderApp('/profile');
    const names = await screen.findByRole('region', { name: 'Names' });
    fireEvent.change(within(names).getByLabelText('Username'), { target: { value: 'z\u0435dd' } });
    fireEvent.click(within(names).getByRole('button', { name: 'Save names' }));
    expect((await within(names).findByRole('alert')).textContent).toBe(ERRORS[code].message);
  });
});
