/**
 * The fetch every server request goes through (the SDK's requests and streams, via
 * `callerOptions.fetch`): a server's API key and custom headers reach only the origin of its saved
 * URL.
 *
 * - A request to another origin is never sent (the SDK builds stream read-on URLs from a
 *   response's `Location`, which a server chooses).
 * - Redirects are not left to fetch (`redirect: 'manual'`): in Node a redirect within the saved
 *   origin is followed here (at most `MAX_REDIRECTS`), one to another origin is refused naming
 *   both origins. A browser hides the target of a manual redirect (an `opaqueredirect` response):
 *   any redirect is refused there, naming the saved origin.
 * - Second line: an answer that says it came from elsewhere (`redirected`, or a `url` of another
 *   origin) is refused too.
 *
 * A refusal is a `RedirectRefusedError`, which `classify` turns into REMOTE_REDIRECT. It is a
 * TypeError that is not a network error: the SDK's retry loop (p-retry) neither retries it nor
 * reconnects a stream after it.
 */

/** How many redirects within the saved origin one request may follow. */
export const MAX_REDIRECTS = 5;

/** A redirect (or a request) the app refused to follow, because it leaves the saved server's origin. */
export class RedirectRefusedError extends TypeError {
  override name = 'RedirectRefusedError';
  constructor(
    /** The origin of the saved server URL. */
    readonly savedOrigin: string,
    /** Where the server pointed, when known (a browser does not tell). */
    readonly target: string | null,
    detail: string,
  ) {
    super(detail);
  }
}

/** A fetch that sends only to `savedUrl`'s origin (see the file comment). */
export function sameOriginFetch(savedUrl: string, base?: typeof fetch): typeof fetch {
  const origin = new URL(savedUrl).origin;
  const send: typeof fetch = base ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let request: RequestInit = { ...init, redirect: 'manual' };
    if (input instanceof Request && init === undefined) request = { method: input.method, headers: input.headers, body: input.body, signal: input.signal, redirect: 'manual' };
    if (url.origin !== origin) throw new RedirectRefusedError(origin, url.origin, `a request to ${url.origin} was not sent: only ${origin} gets this server's credentials`);
    for (let hops = 0; ; hops++) {
      const response = await send(url.href, request);
      if (response.type === 'opaqueredirect') throw new RedirectRefusedError(origin, null, `${url.pathname} answered with a redirect whose target the browser hides`);
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location !== null) {
        const target = new URL(location, url);
        await response.body?.cancel().catch(() => undefined);
        if (target.origin !== origin) throw new RedirectRefusedError(origin, target.origin, `${url.pathname} answered ${response.status} to ${target.origin}${target.pathname}`);
        if (hops >= MAX_REDIRECTS) throw new RedirectRefusedError(origin, null, `more than ${MAX_REDIRECTS} redirects from ${url.pathname}`);
        request = followed(request, response.status);
        url = target;
        continue;
      }
      const from = response.url ? new URL(response.url).origin : origin;
      if (from !== origin) throw new RedirectRefusedError(origin, from, `the answer to ${url.pathname} came from ${from}`);
      return response;
    }
  };
}

/** The request a redirect asks for: 303 (and 301/302 after a POST) become a GET without a body; 307/308 repeat it. */
function followed(request: RequestInit, status: number): RequestInit {
  const method = (request.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    const headers = new Headers(request.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    return { ...request, method: 'GET', body: null, headers };
  }
  return request;
}
