import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { EARLY_MAX_AGE_MS } from './early';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const setEarly = (token: string, at: number, calls: Record<string, Promise<Response>>) => {
  (globalThis as { __varioEarly?: unknown }).__varioEarly = { token, at, calls };
};

describe('calls index.html started early', () => {
  const fetchMock = vi.fn(async () => json({ result: 'fresh' }));
  beforeEach(() => {
    // the node test environment has no localStorage: the stored token of a signed-in user
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'vario.token' ? 't1' : null), setItem: () => {}, removeItem: () => {} });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __varioEarly?: unknown }).__varioEarly;
  });

  it('a GET takes the early answer once; the next call asks the server', async () => {
    setEarly('t1', Date.now(), { '/webapp/me': Promise.resolve(json({ result: 'early' })) });
    expect(await api('me')).toEqual({ result: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('me')).toEqual({ result: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an early answer asked with another token, or too long ago, is not taken', async () => {
    setEarly('other', Date.now(), { '/webapp/me': Promise.resolve(json({ result: 'early' })) });
    expect(await api('me')).toEqual({ result: 'fresh' });
    setEarly('t1', Date.now() - EARLY_MAX_AGE_MS - 1, { '/webapp/me': Promise.resolve(json({ result: 'early' })) });
    expect(await api('me')).toEqual({ result: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed early call is asked again; an early 401 is the answer as any other', async () => {
    setEarly('t1', Date.now(), { '/webapp/me': Promise.reject(new TypeError('network')) });
    expect(await api('me')).toEqual({ result: 'fresh' });
    setEarly('t1', Date.now(), { '/webapp/me': Promise.resolve(new Response('{}', { status: 401, headers: { 'Content-Type': 'application/json' } })) });
    await expect(api('me')).rejects.toMatchObject({ status: 401 });
  });
});
