/**
 * A small stand-in for a LangGraph API server on 127.0.0.1 and a free port, for what a real dev
 * server never does: answer with a redirect to another origin, with a payload of the wrong shape,
 * or with a run stream that never ends (and a cancel that does not stop it). It answers the
 * endpoints the app calls with minimal LangGraph-shaped JSON, allows any origin and header (CORS),
 * and records every request it receives with its headers (`seen`), so a test can start two and
 * assert that the second one never saw the first one's API key.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listenLocally } from './listen';

export interface StandInBehaviour {
  /** Answer matching requests (all when `redirectPaths` is absent) with `redirectStatus` to this origin, same path. */
  redirectTo?: string;
  /** @default 307 */
  redirectStatus?: number;
  /** Only paths matching this are redirected. */
  redirectPaths?: RegExp;
  /** Replaces the JSON answer of a route, keyed `METHOD /path` with `:id` for ids (e.g. `POST /assistants/search`). */
  answers?: Record<string, unknown>;
  /** A run's stream: `endless` (an event every `everyMs`), `silent` (headers, then nothing), `finite` (a few events, then the end). @default 'finite' */
  stream?: 'endless' | 'silent' | 'finite';
  /** @default 20 */
  everyMs?: number;
  /** Never answer a run's cancel (the request stays open). */
  ignoreCancel?: boolean;
  /** The version `/info` answers. @default '0.0.0-stand-in' */
  version?: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface StandInServer {
  readonly url: string;
  /** Every request received (preflights included), oldest first. */
  readonly seen: SeenRequest[];
  /** Run streams that are open now. */
  readonly openStreams: number;
  set(behaviour: StandInBehaviour): void;
  stop(): Promise<void>;
}

const NOW = '2026-01-01T00:00:00.000Z';
const assistant = (id: string) => ({ assistant_id: id, graph_id: 'stand-in', name: 'stand-in', version: 1, created_at: NOW, updated_at: NOW, metadata: {}, config: {} });
const thread = (id: string) => ({ thread_id: id, created_at: NOW, updated_at: NOW, metadata: { graph_id: 'stand-in', assistant_id: 'a-stand-in' }, status: 'idle', interrupts: {} });
const state = (threadId: string, checkpointId: string) => ({
  values: { n: 1 }, next: [], tasks: [], created_at: NOW, parent_checkpoint: null,
  checkpoint: { thread_id: threadId, checkpoint_ns: '', checkpoint_id: checkpointId },
  metadata: { step: 0, source: 'loop', parents: {} },
});
const run = (threadId: string, runId: string, status: string) => ({
  run_id: runId, thread_id: threadId, assistant_id: 'a-stand-in', status, created_at: NOW, updated_at: NOW, metadata: {}, multitask_strategy: 'reject',
});

/** Path segments that are words of the API, never ids. */
const WORDS = new Set(['search', 'stream', 'history', 'state', 'graph', 'cancel']);

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': '*, x-api-key, authorization, content-type, last-event-id',
  'access-control-expose-headers': 'content-location, location',
};

/** Starts a stand-in server (see the file comment). */
export async function startStandInServer(initial: StandInBehaviour = {}): Promise<StandInServer> {
  let behaviour: StandInBehaviour = { ...initial };
  const seen: SeenRequest[] = [];
  const streams = new Set<ServerResponse>();
  /** Runs and their status (a cancel is answered but, in `endless` / `silent`, changes nothing). */
  const runs = new Map<string, string>();
  const server = createServer((req, res) => {
    const b = behaviour;
    const path = (req.url ?? '/').split('?')[0];
    seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (b.redirectTo && (!b.redirectPaths || b.redirectPaths.test(path))) {
      res.writeHead(b.redirectStatus ?? 307, { ...CORS, location: `${b.redirectTo}${req.url ?? '/'}` });
      return void res.end();
    }
    req.resume();
    req.on('end', () => answer(b, req.method ?? 'GET', path, res));
  });

  function json(res: ServerResponse, body: unknown, status = 200) {
    res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function answer(b: StandInBehaviour, method: string, path: string, res: ServerResponse) {
    const parts = path.split('/').filter(Boolean);
    const route = `${method} /${parts.map((p, i) => (i % 2 === 1 && !WORDS.has(p) ? ':id' : p)).join('/')}`;
    if (b.answers && Object.hasOwn(b.answers, route)) return json(res, b.answers[route]);
    const [, threadId, , runId] = parts;
    switch (route) {
      case 'GET /info': return json(res, { version: b.version ?? '0.0.0-stand-in', flags: {} });
      case 'POST /assistants/search': return json(res, [assistant('a-stand-in')]);
      case 'GET /assistants/:id': return json(res, assistant(parts[1]));
      case 'GET /assistants/:id/graph': return json(res, { nodes: [{ id: '__start__' }, { id: 'step' }, { id: '__end__' }], edges: [{ source: '__start__', target: 'step' }, { source: 'step', target: '__end__' }] });
      case 'POST /threads/search': return json(res, [thread('00000000-0000-4000-8000-00000000000a')]);
      case 'POST /threads': return json(res, thread(randomUUID()));
      case 'GET /threads/:id': return json(res, thread(threadId));
      case 'POST /threads/:id/history': return json(res, [state(threadId, 'cp-1')]);
      case 'GET /threads/:id/state': return json(res, state(threadId, 'cp-1'));
      case 'GET /threads/:id/runs': return json(res, [...runs].map(([id, status]) => run(threadId, id, status)));
      case 'GET /threads/:id/runs/:id': return json(res, run(threadId, runId, runs.get(runId) ?? 'success'));
      case 'POST /threads/:id/runs/:id/cancel': {
        if (b.ignoreCancel) return;
        if ((b.stream ?? 'finite') === 'finite') runs.set(runId, 'interrupted');
        res.writeHead(202, CORS);
        return void res.end();
      }
      case 'POST /threads/:id/runs/stream': return stream(b, res, threadId, randomUUID());
      case 'GET /threads/:id/runs/:id/stream': return stream(b, res, threadId, runId);
      default: return json(res, { detail: `the stand-in server does not answer ${route}` }, 404);
    }
  }

  function stream(b: StandInBehaviour, res: ServerResponse, threadId: string, runId: string) {
    const mode = b.stream ?? 'finite';
    if (!runs.has(runId)) runs.set(runId, mode === 'finite' ? 'success' : 'running');
    res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'content-location': `/threads/${threadId}/runs/${runId}` });
    let id = 0;
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${++id}\n\n`);
    send('metadata', { run_id: runId, attempt: 1 });
    if (mode === 'finite') {
      send('values', { n: 1 });
      return void res.end();
    }
    streams.add(res);
    const timer = mode === 'endless' ? setInterval(() => send('values', { n: id }), b.everyMs ?? 20) : undefined;
    res.on('close', () => {
      clearInterval(timer);
      streams.delete(res);
    });
  }

  const url = await listenLocally(server);
  return {
    url,
    seen,
    get openStreams() {
      return streams.size;
    },
    set: (next) => {
      behaviour = { ...next };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of streams) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
