/**
 * A small HTTP proxy on 127.0.0.1 in front of a real LangGraph server, standing in for what sits
 * between a browser and a deployment: an API-key gate (401 / 403), a slow network, a connection
 * that dies in the middle of a stream, a gateway that drops CORS headers. Everything it passes on
 * comes from the real server; it only adds the fault.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { listenLocally } from './listen';

export interface Faults {
  /** Answer 401 unless `x-api-key` equals this. */
  apiKey?: string;
  /** Answer 403 when `x-api-key` equals this (a known key without the right). */
  forbiddenKey?: string;
  /** Wait this long before passing each request on. */
  delayMs?: number;
  /**
   * Destroy the connection of the i-th event stream (counted from this `set`) after `cutStreams[i]`
   * events (0: right after the headers); later streams pass through.
   */
  cutStreams?: number[];
  /** Like `cutStreams`, but the connection stays open and silent (a half-open socket). */
  stallStreams?: number[];
  /** Remove every `access-control-*` response header (and answer preflights without them). */
  stripCors?: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FaultProxy {
  readonly url: string;
  /** Replaces the faults (applies to requests that start afterwards). */
  set(faults: Faults): void;
  /** Requests received so far, oldest first. */
  readonly seen: SeenRequest[];
  /** How many streams were cut or stalled since the last `set`. */
  readonly cuts: number;
  stop(): Promise<void>;
}

/** Starts a proxy to `target` (e.g. `http://127.0.0.1:41234`) on a free port. */
export async function startFaultProxy(target: string, initial: Faults = {}): Promise<FaultProxy> {
  const upstream = new URL(target);
  let faults: Faults = { ...initial };
  let cuts = 0;
  let streamsSinceSet = 0;
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const f = faults;
    seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    const key = req.headers['x-api-key'];
    const deny = (status: number, detail: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ detail }));
    };
    if (req.method !== 'OPTIONS' && f.forbiddenKey !== undefined && key === f.forbiddenKey) return deny(403, 'This API key may not use this deployment.');
    if (req.method !== 'OPTIONS' && f.apiKey !== undefined && key !== f.apiKey && key !== f.forbiddenKey) return deny(401, 'Invalid API key.');
    const forward = () => {
      const headers = { ...req.headers, host: upstream.host };
      const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
        const responseHeaders = { ...answer.headers };
        if (f.stripCors) for (const name of Object.keys(responseHeaders)) if (name.startsWith('access-control-')) delete responseHeaders[name];
        res.writeHead(answer.statusCode ?? 502, responseHeaders);
        const isStream = String(answer.headers['content-type'] ?? '').includes('text/event-stream');
        const index = isStream ? streamsSinceSet++ : -1;
        const stallAfter = f.stallStreams?.[index];
        const cutAfter = f.cutStreams?.[index] ?? stallAfter;
        if (cutAfter === undefined) {
          answer.pipe(res);
          return;
        }
        cuts += 1;
        // The connection dies mid-run, as a dropped network would (no end of the chunked body), or,
        // when stalling, stays open and says nothing more.
        const cut = () => {
          if (stallAfter === undefined) res.socket?.destroy();
          answer.destroy();
        };
        if (cutAfter === 0) {
          res.flushHeaders();
          setTimeout(cut, 20);
          return;
        }
        let events = 0;
        let pending = '';
        let done = false;
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          if (done) return;
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            res.write(pending.slice(0, end + 2));
            pending = pending.slice(end + 2);
            if (++events >= cutAfter) {
              // Let the headers and the events written so far reach the client before the cut
              // (the first events of a run can arrive in the same chunk as the response starts).
              done = true;
              setTimeout(cut, 20);
              return;
            }
          }
        });
        answer.on('end', () => res.end(pending));
      });
      out.on('error', () => res.socket?.destroy());
      req.pipe(out);
    };
    if (f.delayMs) setTimeout(forward, f.delayMs);
    else forward();
  });
  const url = await listenLocally(server);
  return {
    url,
    set: (next) => {
      faults = { ...next };
      streamsSinceSet = 0;
      cuts = 0;
    },
    seen,
    get cuts() {
      return cuts;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
