import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOfflineMode } from '@/shared/lib/storage.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { CONFIG, PROFILE } from '../../support/fixtures.ts';
import { renderApp } from '../../support/render.tsx';

const UID = 'Xq3vR8kLm2Tz9wYb';

/** Replaces navigator.clipboard (jsdom has none); `undefined` stands for a browser without one. */
function stubClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

async function openUserId(profile = { ...PROFILE, uid: UID }) {
  stubFetch((url) => {
    if (url.pathname === '/api/me') return json(profile);
    if (url.pathname === '/api/config') return json(CONFIG);
    if (url.pathname === '/api/me/transactions') return json({ items: [], nextCursor: null });
    return undefined;
  });
  renderApp('/profile');
  return screen.findByRole('region', { name: 'User id' });
}

describe('profile: user id for ADMIN_USER_IDS', () => {
  beforeEach(() => {
    setOfflineMode();
    useSessionStore.setState({ status: 'loading', guest: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    stubClipboard(undefined);
    window.getSelection()?.removeAllRanges();
  });

  it('shows the id from /api/me, says ADMIN_USER_IDS takes it, and copies it to the clipboard', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    stubClipboard({ writeText });
    const section = await openUserId();
    expect(within(section).getByText(UID)).toBeTruthy();
    expect(section.textContent).toContain('ADMIN_USER_IDS');

    fireEvent.click(within(section).getByRole('button', { name: 'Copy user id' }));
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Copied to the clipboard.'),
    );
    expect(writeText).toHaveBeenCalledExactlyOnceWith(UID);
  });

  it('without a clipboard, selects the id and says to copy it by hand', async () => {
    stubClipboard(undefined);
    const section = await openUserId();
    fireEvent.click(within(section).getByRole('button', { name: 'Copy user id' }));
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toContain(
        'the id is selected, copy it with Ctrl+C',
      ),
    );
    expect(window.getSelection()?.toString()).toBe(UID);
  });

  it('when the browser refuses the clipboard, falls back the same way', async () => {
    stubClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const section = await openUserId();
    fireEvent.click(within(section).getByRole('button', { name: 'Copy user id' }));
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toContain(
        'the id is selected, copy it with Ctrl+C',
      ),
    );
    expect(window.getSelection()?.toString()).toBe(UID);
  });

  it('tells an operator that the account is already in ADMIN_USER_IDS', async () => {
    const section = await openUserId({ ...PROFILE, uid: UID, isAdmin: true });
    expect(section.textContent).toContain('This account is an operator');
  });
});
