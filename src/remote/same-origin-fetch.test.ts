import { describe, expect, it } from 'vitest';
import { RedirectRefusedError, sameOriginFetch } from './same-origin-fetch';

/** A fetch that answers as a browser does to `redirect: 'manual'` (an opaque redirect: no status, no Location), recording what it was asked. */
function browserLikeFetch() {
  const asked: { url: string; redirect: RequestRedirect | undefined }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), redirect: init?.redirect });
    return { type: 'opaqueredirect', status: 0, url: '', headers: new Headers(), body: null } as unknown as Response;
  }) as typeof fetch;
  return { fetchImpl, asked };
}

describe('sameOriginFetch', () => {
  it("asks for manual redirects and refuses a browser's opaque redirect, naming the saved origin", async () => {
    const { fetchImpl, asked } = browserLikeFetch();
    const err = await sameOriginFetch('http://127.0.0.1:2024', fetchImpl)('http://127.0.0.1:2024/info', { headers: { 'x-api-key': 'k' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err).toMatchObject({ savedOrigin: 'http://127.0.0.1:2024', target: null });
    expect(asked).toEqual([{ url: 'http://127.0.0.1:2024/info', redirect: 'manual' }]);
  });

  it('never sends a request to another origin (a path the server chose that leaves it)', async () => {
    const { fetchImpl, asked } = browserLikeFetch();
    const err = await sameOriginFetch('http://127.0.0.1:2024', fetchImpl)('http://127.0.0.1:2024@evil.test/threads/x/runs/y/stream').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'RedirectRefusedError', target: 'http://evil.test' });
    expect(asked).toEqual([]);
  });
});
