import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '@/app/layout/footer.tsx';
import { STORAGE_KEYS } from '@/shared/lib/storage.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { json, stubFetch } from '../support/fetch.ts';
import { CONFIG, PROFILE } from '../support/fixtures.ts';
import { renderApp } from '../support/render.tsx';
import { startAppAfterContinueOffline } from '../support/app-start.ts';

function signedInAs(profile: Record<string, unknown>) {
  return stubFetch((url) => {
    if (url.pathname === '/api/me') return json(profile);
    if (url.pathname === '/api/config') return json(CONFIG);
    return undefined;
  });
}

function signedOut() {
  return stubFetch((url) => {
    if (url.pathname === '/api/me') return json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
    if (url.pathname === '/api/config') return json(CONFIG);
    return undefined;
  });
}

describe('app routes', () => {
  startAppAfterContinueOffline();

  it("shows 'Shuffling the deck...' while the session loads", () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    renderApp('/');
    expect(screen.getByText('Shuffling the deck...')).toBeTruthy();
  });

  it.each(['/', '/simulator', '/profile', '/leaderboard', '/admin'])('sends a signed-out visitor of %s to /login', async (path) => {
    signedOut();
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends unknown paths to /', async () => {
    signedInAs(PROFILE);
    const router = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Game' })).toBeTruthy();
  });

  it('shows the navigation bar with the credits, profile link and the seven-entry mobile menu', async () => {
    signedInAs(PROFILE);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeTruthy();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((a) => a.textContent)).toEqual(['Game', 'Simulator', 'Leaderboard', 'Tournaments']);
    expect(screen.getByText('12,345')).toBeTruthy();
    expect(screen.getByText('12.3K')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Game',
      'Simulator',
      'Leaderboard',
      'Tournaments',
      'Profile',
      'Purchase Credits',
      'Sign Out',
    ]);
    fireEvent.click(within(menu).getByRole('link', { name: 'Simulator' }));
    expect(await screen.findByRole('heading', { name: 'Simulator' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('an admin sees Admin in the navigation and the phone menu; it opens /admin (issue 39)', async () => {
    signedInAs({ ...PROFILE, isAdmin: true });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeTruthy();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((a) => a.textContent)).toEqual(['Game', 'Simulator', 'Leaderboard', 'Tournaments', 'Admin']);
    expect(within(main).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it("the profile link falls back to the e-mail, then to 'Profile'", async () => {
    signedInAs({ ...PROFILE, displayName: '' });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'ada@example.com' })).toBeTruthy();
  });

  it('the purchase control opens the purchase modal with the popular pack preselected', async () => {
    signedInAs(PROFILE);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase more credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase Credits' });
    expect(await within(dialog).findByRole('button', { name: 'Pay $3.99' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets only admins into /admin', async () => {
    signedInAs(PROFILE);
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
    signedInAs({ ...PROFILE, isAdmin: true });
    const adminRouter = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(adminRouter.state.location.pathname).toBe('/admin');
  });

  it('Play as guest enters the app with 10,000 credits; Sign Out clears the guest', async () => {
    const { calls } = signedOut();
    const router = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Play as guest' }));
    expect(await screen.findByRole('heading', { name: 'Game' })).toBeTruthy();
    expect(screen.getByText('10,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Guest' })).toBeTruthy();
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestSession) ?? '{}') as { userId?: string };
    expect(stored.userId?.startsWith('guest-')).toBe(true);
    const callsBefore = calls.length;
    // Two Sign Out buttons exist in jsdom (desktop and, once opened, the menu); the desktop one is first.
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
    expect(calls.slice(callsBefore).filter((c) => c.includes('/api/auth'))).toEqual([]);
  });

  it('a guest on /leaderboard gets a link to create an account, and the app asks the server for no board (it would answer 401)', async () => {
    const { calls } = signedOut();
    const router = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Play as guest' }));
    expect(await screen.findByRole('heading', { name: 'Game' })).toBeTruthy();
    await act(async () => {
      await router.navigate('/leaderboard');
    });
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('/auth/signup');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls.filter((c) => c.includes('/api/leaderboard'))).toEqual([]);
  });

  it("Sign in with Google says it is not available when the server has no Google keys", async () => {
    signedOut();
    renderApp('/auth/login');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google sign-in is not available. Please try again later.')).toBeTruthy();
  });

  it('Terms say credits are practice money that cannot be cashed out or transferred', async () => {
    signedOut();
    renderApp('/terms');
    // The page is its own chunk, loaded when the route first renders.
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText(/cannot be cashed out/).textContent).toMatch(/transferred to another player/);
  });
});

describe('Footer', () => {
  it('shows the copyright line with the given year and the legal links', () => {
    render(
      <MemoryRouter>
        <Footer now={new Date('2031-06-01T12:00:00Z')} />
      </MemoryRouter>,
    );
    expect(screen.getByText('© 2031 Card Counter. All rights reserved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
  });

  it('uses the current year by default', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Card Counter. All rights reserved.`)).toBeTruthy();
  });
});
