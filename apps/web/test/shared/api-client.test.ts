import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '@/shared/lib/api-client.ts';
import { SERVER_UNREACHABLE_MESSAGE } from '@/shared/lib/api-error.ts';
import { unwrapAuth } from '@/shared/lib/auth-client.ts';
import { json } from '../support/fetch.ts';

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns an error body into a typed ApiError with its details', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(json({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.', details: { need: 5 } } }, 409)),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.' });
    expect((error as ApiError).details.need).toBe(5);
  });

  it('reports an unreachable server with the catalogue message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE', message: SERVER_UNREACHABLE_MESSAGE });
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json({ ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/y', { method: 'PATCH', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('falls back to a generic message for a non-JSON error', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>', { status: 502 })));
    await expect(apiRequest('/api/z')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: 'An unexpected error occurred' });
  });

  it("reads the auth client's refusals as the same ApiError, status and code kept", () => {
    const refusal = { status: 401, statusText: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' };
    const error = (() => {
      try {
        return unwrapAuth({ data: null, error: refusal });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.', details: {} });
    expect(unwrapAuth({ data: 7, error: null })).toBe(7);
  });
});
