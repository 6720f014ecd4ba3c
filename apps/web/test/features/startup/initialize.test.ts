import { afterEach, describe, expect, it, vi } from 'vitest';
import { initializeApp } from '@/features/startup/api/initialize.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { CONFIG } from '../../support/fixtures.ts';

describe('initializeApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks health then reads the config', async () => {
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/health') return json({ status: 'ok', database: 'ok' });
      if (url.pathname === '/api/config') return json({ ...CONFIG, auth: { emailPassword: true, google: true }, environment: 'production' });
      return undefined;
    });
    const config = await initializeApp();
    expect(calls).toEqual(['GET /api/health', 'GET /api/config']);
    expect(config.auth.google).toBe(true);
  });

  it('reports a database that is down as the startup failure message', async () => {
    stubFetch(() => json({ status: 'error', database: 'connection refused' }, 503));
    await expect(initializeApp()).rejects.toThrow('Unable to initialize app. Please refresh the page or try again later.');
  });

  it('keeps the unreachable-server message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(initializeApp()).rejects.toThrow('Unable to connect to the server.');
  });
});
