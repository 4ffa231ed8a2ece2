/**
 * A hostile LangGraph server, played by the stand-in server (tests/servers/stand-in-server.ts):
 * redirects to another origin that would collect the API key, answers of the wrong shape, and a
 * run stream that never ends. Each case is named after what it attacks. Two stand-ins run: the
 * saved server, and `elsewhere`, the other origin, which records every request's headers.
 */
import { MessageChannel } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientError, createWorkerClient, type ClientEndpoint, type WorkerClient, type WorkerLike } from '../../src/client/worker-client';
import { MemorySaver } from '../../src/engine/index';
import type { Endpoint } from '../../src/protocol/endpoint';
import { PROTOCOL_VERSION, type FromWorker } from '../../src/protocol/messages';
import { remoteGraphId } from '../../src/protocol/remote';
import { createRemoteClient, type RemoteClient } from '../../src/remote/index';
import { startHost, type Host } from '../../src/worker/host';
import { createMemoryStore } from '../../src/worker/memory-store';
import { createMemoryServerStore } from '../../src/worker/remote/server-store';
import { startStandInServer, type StandInServer } from '../servers/stand-in-server';
import { inProcessLauncher } from '../worker/in-process-sandbox';
import { collect, failure } from './helpers';

const KEY = 'key-only-for-the-saved-server';
const TEAM = 'team-secret-header-value';

let saved: StandInServer;
let elsewhere: StandInServer;
beforeAll(async () => {
  [saved, elsewhere] = await Promise.all([startStandInServer(), startStandInServer({ version: '6.6.6-elsewhere' })]);
});
afterAll(async () => {
  await Promise.all([saved?.stop(), elsewhere?.stop()]);
});
afterEach(() => {
  saved.set({});
  elsewhere.set({ version: '6.6.6-elsewhere' });
  saved.seen.length = 0;
  elsewhere.seen.length = 0;
});

const client = (): RemoteClient => createRemoteClient({ url: saved.url, apiKey: KEY, headers: { 'X-Team': TEAM } }, { retries: 0 });
const origin = (url: string) => new URL(url).origin;

/** The other origin was never sent the key or the header (in Node it is never contacted at all). */
function expectNothingLeaked() {
  const leaked = elsewhere.seen.filter((r) => JSON.stringify(r.headers).includes(KEY) || JSON.stringify(r.headers).includes(TEAM));
  expect(leaked).toEqual([]);
  expect(elsewhere.seen).toEqual([]);
}

/** A REMOTE_REDIRECT naming both origins. */
function expectRedirectRefused(err: any) {
  expect(err?.code).toBe('REMOTE_REDIRECT');
  expect(err.message).toContain(origin(saved.url));
  expect(err.message).toContain(origin(elsewhere.url));
  // The request did reach the saved server, with its key.
  expect(saved.seen.some((r) => r.headers['x-api-key'] === KEY)).toBe(true);
}

describe('cross-origin redirects (the API key goes only to the saved server)', () => {
  it('cross-origin redirect on /assistants/search: refused, the other origin never sees the key', async () => {
    saved.set({ redirectTo: elsewhere.url, redirectPaths: /^\/assistants\/search$/ });
    expectRedirectRefused(await failure(client().assistants.list()));
    expectNothingLeaked();
  });

  it('cross-origin redirect on /threads/search: refused, the other origin never sees the key', async () => {
    saved.set({ redirectTo: elsewhere.url, redirectPaths: /^\/threads\/search$/, redirectStatus: 308 });
    expectRedirectRefused(await failure(client().threads.list()));
    expectNothingLeaked();
  });

  it('cross-origin redirect on a thread history: refused, the other origin never sees the key', async () => {
    saved.set({ redirectTo: elsewhere.url, redirectPaths: /\/history$/, redirectStatus: 302 });
    expectRedirectRefused(await failure(client().history.page('00000000-0000-4000-8000-000000000001')));
    expectNothingLeaked();
  });

  it('cross-origin redirect on a run stream (runs/stream, and a join): refused, the other origin never sees the key', async () => {
    saved.set({ redirectTo: elsewhere.url, redirectPaths: /\/runs\/stream$|\/runs\/[^/]+\/stream$/ });
    const stream = client().runs.start('00000000-0000-4000-8000-000000000002', 'a-stand-in', { n: 0 });
    expectRedirectRefused(await failure(collect(stream)));
    expect((await failure(stream.created)).code).toBe('REMOTE_REDIRECT');
    const joined = client().runs.join('00000000-0000-4000-8000-000000000002', 'run-1');
    expectRedirectRefused(await failure(collect(joined)));
    expectNothingLeaked();
  });

  it('cross-origin redirect on /info: refused, and the other origin is not taken for the saved server', async () => {
    saved.set({ redirectTo: elsewhere.url, redirectPaths: /^\/info$/, redirectStatus: 301 });
    const err = await failure(client().info());
    expectRedirectRefused(err);
    expect(err.message).not.toContain('6.6.6');
    expectNothingLeaked();
  });

  it('a redirect within the saved origin is followed (with the key); a loop of them stops', async () => {
    saved.set({ redirectTo: saved.url, redirectPaths: /^\/info$/ });
    const err = await failure(client().info());
    expect(err.code).toBe('REMOTE_REDIRECT');
    expect(err.data.detail).toContain('more than 5 redirects');
    expect(saved.seen.filter((r) => r.path === '/info' && r.headers['x-api-key'] === KEY)).toHaveLength(6);
  });
});

/** A restarted storage worker as a test sees it: an empty one that only answers hello. */
function helloOnlyWorker(): WorkerLike {
  const fresh = new MessageChannel();
  fresh.port2.on('message', (m: { type: string; id: number }) => {
    if (m.type === 'rg/hello') fresh.port2.postMessage({ type: 'rg/hello-ok', id: m.id, protocolVersion: PROTOCOL_VERSION, storage: { dbName: 'fresh', version: 1 } });
  });
  pairs.push({ close: () => { fresh.port1.close(); fresh.port2.close(); } });
  return Object.assign(fresh.port1 as unknown as ClientEndpoint, { terminate: () => fresh.port2.close() });
}

/** A page ⇄ storage worker pair over a MessageChannel (the real host), whose client may restart the worker. */
function pair(): { client: WorkerClient; host: Host; seen: FromWorker[]; restarts: () => number } {
  const { port1, port2 } = new MessageChannel();
  const store = createMemoryStore(new MemorySaver());
  const host = startHost(port2 as unknown as Endpoint, {
    openStore: async () => store, launcher: inProcessLauncher(), testGraphs: true, servers: createMemoryServerStore(), remoteOptions: { retries: 0 },
  });
  let restarts = 0;
  const seen: FromWorker[] = [];
  port1.on('message', (m: FromWorker) => seen.push(m));
  const page = port1 as unknown as ClientEndpoint;
  // A restart would start an empty worker that only says hello: the test sees it in `restarts`.
  const spawn = (): WorkerLike => {
    restarts += 1;
    return helloOnlyWorker();
  };
  const c = createWorkerClient(page, { spawn });
  pairs.push({ close: () => { c.dispose(); host.stop(); port1.close(); port2.close(); } });
  return { client: c, host, seen, restarts: () => restarts };
}
const pairs: { close(): void }[] = [];
afterEach(() => pairs.splice(0).forEach((p) => p.close()));

const code = (err: unknown) => (err instanceof ClientError ? err.data.code : String(err));

describe('through the storage worker', () => {
  it('every endpoint redirects to another origin: the check and the listings fail with REMOTE_REDIRECT, the other server is never shown as the saved one', async () => {
    saved.set({ redirectTo: elsewhere.url });
    const p = pair();
    const { serverId } = (await p.client.request('rg/remote.server.save', { url: saved.url, apiKey: KEY, headers: { 'X-Team': TEAM } })).server;
    const check = await failure(p.client.request('rg/remote.server.check', { serverId }));
    expect(code(check)).toBe('REMOTE_REDIRECT');
    expect(check.message).toContain(origin(elsewhere.url));
    expect(code(await failure(p.client.request('rg/remote.assistants.list', { serverId, limit: 10, offset: 0 })))).toBe('REMOTE_REDIRECT');
    expect(code(await failure(p.client.request('rg/remote.threads.list', { serverId, limit: 10, offset: 0 })))).toBe('REMOTE_REDIRECT');
    expect(JSON.stringify(p.seen)).not.toContain('6.6.6');
    expectNothingLeaked();
  });
});

describe('a server run whose stream never ends', () => {
  for (const stream of ['endless', 'silent'] as const) {
    it(`never-ending SSE (${stream === 'endless' ? 'an event every 20 ms' : 'silent'}) cancel: the stream is closed, the storage worker is not restarted, a local run of another thread goes on to its end`, async () => {
      saved.set({ stream, everyMs: 20 });
      const p = pair();
      const { serverId } = (await p.client.request('rg/remote.server.save', { url: saved.url })).server;
      const local = await p.client.startRun({ threadId: `local-${stream}`, graphId: 'test-counter', input: { count: 0, target: 300, delayMs: 20 }, controls: { recursionLimit: 1000 } });
      const server = await p.client.startRun({ threadId: 'new', graphId: remoteGraphId(serverId, 'a-stand-in'), input: {} });
      await expect.poll(() => saved.openStreams).toBe(1);

      const cancelled = await p.client.cancel(server.runId);
      expect(cancelled.forced).toBe(false);
      expect(cancelled.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } });
      // The server confirmed (202) but kept streaming: the app closed the stream itself.
      expect(saved.seen.some((r) => r.method === 'POST' && r.path.includes(`/runs/${server.runId}/cancel`))).toBe(true);
      await expect.poll(() => saved.openStreams).toBe(0);

      const end = await p.client.waitForRun(local.runId);
      expect(end).toMatchObject({ outcome: 'done', error: null, result: { count: 300 } });
      expect(p.restarts()).toBe(0);
    }, 40_000);
  }
});

describe('a server that never answers the cancel', () => {
  it('never-ending SSE whose cancel is never answered: the run ends cancelled within seconds, saying the server did not confirm', async () => {
    saved.set({ stream: 'endless', everyMs: 20, ignoreCancel: true });
    const p = pair();
    const { serverId } = (await p.client.request('rg/remote.server.save', { url: saved.url })).server;
    const server = await p.client.startRun({ threadId: 'new', graphId: remoteGraphId(serverId, 'a-stand-in'), input: {} });
    await expect.poll(() => saved.openStreams).toBe(1);
    const cancelled = await p.client.cancel(server.runId);
    expect(cancelled.forced).toBe(false);
    expect(cancelled.ended.outcome).toBe('cancelled');
    expect(cancelled.ended.error?.message).toContain('the server did not confirm the cancel');
    expect(cancelled.ended.error?.message).toContain('it may still be running there');
    await expect.poll(() => saved.openStreams).toBe(0);
    expect(p.restarts()).toBe(0);
  }, 30_000);
});

describe('the page client and a server run', () => {
  it('a server run not reported ended after the cancel grace is no reason to restart the storage worker (a local run would be restarted)', async () => {
    // A storage worker that answers hello and run starts, and never ends a run (as a stuck one would not).
    const { port1, port2 } = new MessageChannel();
    pairs.push({ close: () => { port1.close(); port2.close(); } });
    port2.on('message', (m: { type: string; id: number; threadId?: string; graphId?: string }) => {
      if (m.type === 'rg/hello') port2.postMessage({ type: 'rg/hello-ok', id: m.id, protocolVersion: PROTOCOL_VERSION, storage: { dbName: 'x', version: 1 } });
      if (m.type === 'rg/run.start') port2.postMessage({ type: 'rg/run.started', id: m.id, runId: `run-${m.threadId}`, threadId: m.threadId });
    });
    let restarts = 0;
    const spawn = (): WorkerLike => {
      restarts += 1;
      return helloOnlyWorker();
    };
    const c = createWorkerClient(port1 as unknown as ClientEndpoint, { spawn, cancelGraceMs: 50 });
    pairs.push({ close: () => c.dispose() });
    const onServer = await c.startRun({ threadId: 'remote:server-1/thread-1', graphId: 'remote:server-1/a', input: {} });
    const result = await c.cancel(onServer.runId);
    expect(result.forced).toBe(false);
    expect(result.ended.outcome).toBe('running');
    expect(restarts).toBe(0);
    // The same wait on a local run still restarts the worker (the last resort for a stuck one).
    const local = await c.startRun({ threadId: 'local-thread', graphId: 'test-counter', input: {} });
    expect((await c.cancel(local.runId)).forced).toBe(true);
    expect(restarts).toBe(1);
  });
});

describe('answers of the wrong shape (REMOTE_BAD_RESPONSE in words, never a crash)', () => {
  const T = '00000000-0000-4000-8000-000000000003';
  const cases: [string, string, unknown, (c: RemoteClient) => Promise<unknown>, string][] = [
    ['non-array answer to /assistants/search', 'POST /assistants/search', { items: [] }, (c) => c.assistants.list(), 'the answer to POST /assistants/search is not a list (it is an object)'],
    ['non-array answer to /threads/search', 'POST /threads/search', 'threads', (c) => c.threads.list(), 'the answer to POST /threads/search is not a list (it is the text "threads")'],
    ['non-array answer to a thread history', 'POST /threads/:id/history', { history: [] }, (c) => c.history.page(T), 'the answer to POST /threads/{id}/history is not a list (it is an object)'],
    ['history items that are not checkpoints', 'POST /threads/:id/history', [7], (c) => c.history.page(T), 'the answer to POST /threads/{id}/history has item 1 that is not an object (it is the number 7)'],
    ['non-array answer to a runs listing', 'GET /threads/:id/runs', null, (c) => c.runs.list(T), 'the answer to GET /threads/{id}/runs is not a list (it is null)'],
    ['a list for a thread state', 'GET /threads/:id/state', [], (c) => c.history.head(T), 'the answer to GET /threads/{id}/state is not an object (it is a list)'],
    ['a run without its thread', 'GET /threads/:id/runs/:id', { run_id: 'r', status: 'success' }, (c) => c.runs.get(T, 'r'), 'the answer to GET /threads/{id}/runs/{run} has no thread_id (expected a text)'],
    ['a graph drawing whose nodes are not a list', 'GET /assistants/:id/graph', { nodes: 'x', edges: [] }, (c) => c.assistants.graph('a'), 'the answer to GET /assistants/{id}/graph has nodes that is not a list (it is the text "x")'],
    ['a list for /info', 'GET /info', [], (c) => c.info(), 'the answer to GET /info (is this a LangGraph server?) is not an object (it is a list)'],
    ['an assistant without its id in /assistants/search', 'POST /assistants/search', [{ name: 'x' }], (c) => c.assistants.list(), "the answer to POST /assistants/search has no item 1's assistant_id (expected a text)"],
  ];
  for (const [name, route, answer, call, words] of cases) {
    it(name, async () => {
      saved.set({ answers: { [route]: answer } });
      const err = await failure(call(client()));
      expect(err.code).toBe('REMOTE_BAD_RESPONSE');
      expect(err.message).toBe(`The server's answer is not what a LangGraph API sends: ${words}`);
    });
  }

  it('non-array answer to /assistants/search through the storage worker: the page gets the words, not "a.slice is not a function"', async () => {
    saved.set({ answers: { 'POST /assistants/search': { assistants: [] } } });
    const p = pair();
    const { serverId } = (await p.client.request('rg/remote.server.save', { url: saved.url })).server;
    const err = await failure(p.client.request('rg/remote.assistants.list', { serverId, limit: 10, offset: 0 }));
    expect(code(err)).toBe('REMOTE_BAD_RESPONSE');
    expect(err.message).toContain('the answer to POST /assistants/search is not a list');
  });
});
