import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS } from '@card-counter/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/lib/storage.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useToastStore } from '@/shared/stores/toast-store.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderApp } from '../../support/render.tsx';
import { startAppAfterContinueOffline } from '../../support/app-start.ts';

const DUPLICATE = 'An account with this email already exists. Please sign in instead.';

describe('auth pages', () => {
  startAppAfterContinueOffline();
  afterEach(() => {
    useToastStore.getState().clear();
  });

  it("sign-up with a registered e-mail shows the server's message and stays on the page", async () => {
    let body: unknown = null;
    stubFetch((url, init) => {
      if (url.pathname === '/api/me') return json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
      if (url.pathname === '/api/auth/sign-up/email') {
        body = JSON.parse(String(init?.body));
        return json({ error: { code: 'EMAIL_EXISTS', message: DUPLICATE } }, 409);
      }
      return undefined;
    });
    const router = renderApp('/auth/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DUPLICATE);
    expect(body).toMatchObject({ name: 'Ada', email: 'ada@example.com', password: 'correct-horse' });
    expect(router.state.location.pathname).toBe('/auth/signup');
  });

  it.each(['NAME_CHARACTERS_NOT_ALLOWED', 'NAME_RESERVED'] as const)("sign-up with a name the server refuses (%s) shows the server's message", async (code) => {
    stubFetch((url) => {
      if (url.pathname === '/api/me') return json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
      if (url.pathname === '/api/auth/sign-up/email') return json({ error: { code, message: ERRORS[code].message } }, 400);
      return undefined;
    });
    const router = renderApp('/auth/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Admin' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS[code].message);
    expect(router.state.location.pathname).toBe('/auth/signup');
  });

  it('signing up replaces a guest session of this browser by the account', async () => {
    let signedIn = false;
    stubFetch((url) => {
      if (url.pathname === '/api/me') {
        return signedIn ? json(PROFILE) : json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
      }
      if (url.pathname === '/api/auth/sign-up/email') {
        signedIn = true;
        return json({ user: { id: 'user-1' } });
      }
      return undefined;
    });
    // A guest reaches sign-up from the purchase dialog while the guest session is active.
    useSessionStore.getState().startGuest();
    const router = renderApp('/auth/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(useSessionStore.getState().status).toBe('guest');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeTruthy();
    expect(useSessionStore.getState().status).toBe('signed-in');
    expect(window.localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
  });

  it('a wrong password shows the server message', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/me') return json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
      if (url.pathname === '/api/auth/sign-in/email') {
        return json({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } }, 401);
      }
      return undefined;
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('after sign-up a notice says the verification mail was sent, and its button sends it again', async () => {
    let signedIn = false;
    let resentTo: unknown = null;
    stubFetch((url, init) => {
      if (url.pathname === '/api/me') {
        return signedIn ? json(PROFILE) : json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401);
      }
      if (url.pathname === '/api/auth/sign-up/email') {
        signedIn = true;
        return json({ user: { id: 'user-1' } });
      }
      if (url.pathname === '/api/auth/send-verification-email') {
        resentTo = (JSON.parse(String(init?.body)) as { email?: string }).email;
        return json({ status: true });
      }
      return undefined;
    });
    const router = renderApp('/auth/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findByText(/We sent a verification e-mail to ada@example.com/)).closest('[role="status"]')).toBeTruthy();
    expect(resentTo).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('A new verification e-mail is on its way to ada@example.com.')).toBeTruthy();
    expect(resentTo).toBe('ada@example.com');
  });
});
