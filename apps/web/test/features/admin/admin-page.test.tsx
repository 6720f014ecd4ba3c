// What an operator does on /admin: finds a player by what they know of them, opens the
// account, grants credits with a reason and sees the new balance, the ledger entry and the
// audit line; a refused search or grant is shown and changes nothing on screen.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPage } from '@/features/admin/components/admin-page.tsx';
import { stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';
import { FakeAdminServer } from './fake-admin-server.ts';

function renderAdmin(server: FakeAdminServer, path = '/admin') {
  stubFetch(server.handle);
  renderScreen(<AdminPage />, path);
}

const userList = () => within(screen.getByRole('region', { name: 'Users' }));
const userHeader = () => within(screen.getByRole('region', { name: 'User' }));

async function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
}

describe('the admin screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finds a player by name, opens them and grants credits: the balance, the ledger and the audit log follow', async () => {
    const server = new FakeAdminServer();
    renderAdmin(server);
    expect(await userList().findByText('ada@example.com')).toBeTruthy();

    await search('bo');
    await waitFor(() => expect(userList().queryByText('ada@example.com')).toBeNull());
    expect(server.calls.some((c) => c.startsWith('GET /api/admin/users?q=bo&'))).toBe(true);
    fireEvent.click(userList().getByRole('button', { name: /bob@example\.com/ }));
    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeTruthy();
    expect(userHeader().getByText('1,000')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill after an outage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect(await screen.findByText('Granted 500 credits. New balance 1,500.')).toBeTruthy();
    // Every view of the account is read again after the grant.
    expect(await userHeader().findByText('1,500')).toBeTruthy();
    expect(server.users.find((u) => u.id === 'user-bob')?.credits).toBe(1_500);
    const ledger = await screen.findByRole('list', { name: 'Ledger rows' });
    expect(ledger.textContent).toContain('Goodwill after an outage');
    const audit = await screen.findByRole('list', { name: 'Audit entries' });
    expect(audit.textContent).toContain('Goodwill after an outage');
  });

  it('opens the player named in the address, as a shared link does', async () => {
    renderAdmin(new FakeAdminServer(), '/admin?user=user-bob');
    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeTruthy();
    expect(userHeader().getByText('bob@example.com')).toBeTruthy();
  });

  it("shows the server's refusal of a search and of a grant, and the balance stays as it was", async () => {
    const server = new FakeAdminServer();
    server.refuse('/api/admin/users', 403, 'FORBIDDEN', 'You do not have permission to do that.');
    renderAdmin(server);
    expect(await userList().findByText('You do not have permission to do that.')).toBeTruthy();

    await search('bob');
    fireEvent.click(await userList().findByRole('button', { name: /bob@example\.com/ }));
    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeTruthy();
    server.refuse('/api/admin/users/user-bob/credits', 400, 'VALIDATION_FAILED', 'The request is invalid.');
    fireEvent.change(screen.getByLabelText('Amount (credits)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant credits' }));
    expect(await screen.findByText('The request is invalid.')).toBeTruthy();
    expect(screen.queryByText(/Granted 500 credits/)).toBeNull();
    expect(userHeader().getByText('1,000')).toBeTruthy();
    expect(server.users.find((u) => u.id === 'user-bob')?.credits).toBe(1_000);
  });
});
