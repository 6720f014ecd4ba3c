import { afterEach, describe, expect, it, vi } from 'vitest';
import { initializeApp } from '@/features/startup/api/initialize.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { CONFIG } from '../../support/fixtures.ts';

describe('initializeApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the config without waiting for the health answer, and returns it once health is ok', async () => {
    let answerHealth: (response: Response) => void = () => undefined;
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/health') return new Promise<Response>((resolve) => (answerHealth = resolve));
      if (url.pathname === '/api/config') return json({ ...CONFIG, auth: { emailPassword: true, google: true }, environment: 'production' });
      return undefined;
    });
    const started = initializeApp();
    // Both asked for while the health check has not answered yet.
    await vi.waitFor(() => expect([...calls].sort()).toEqual(['GET /api/config', 'GET /api/health']));
    answerHealth(json({ status: 'ok', database: 'ok' }));
    const config = await started;
    expect(config.auth.google).toBe(true);
  });

  it('reports a database that is down as the startup failure message', async () => {
    stubFetch(() => json({ status: 'error', database: 'connection refused' }, 503));
    await expect(initializeApp()).rejects.toThrow('Unable to initialize app. Please refresh the page or try again later.');
  });

  it('a database that is down decides, whatever the config answered', async () => {
    stubFetch((url) => (url.pathname === '/api/health' ? json({ status: 'error', database: 'connection refused' }, 503) : json(CONFIG)));
    await expect(initializeApp()).rejects.toThrow('Unable to initialize app. Please refresh the page or try again later.');
  });

  it('a config that cannot be read fails the startup once the health check has passed', async () => {
    stubFetch((url) => (url.pathname === '/api/health' ? json({ status: 'ok', database: 'ok' }) : json({ broken: true })));
    await expect(initializeApp()).rejects.toThrow('Unable to initialize app. Please refresh the page or try again later.');
  });

  it('keeps the unreachable-server message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(initializeApp()).rejects.toThrow('Unable to connect to the server.');
  });
});
