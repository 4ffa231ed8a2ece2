/**
 * Network faults against a real LangGraph dev server: an unreachable port, an API-key gate
 * (401 / 403) and custom headers, slow answers (progress, cancel, time limit), a stream cut in the
 * middle of a run (read on, nothing lost), and the server killed while a run streams. The gate,
 * the slowness and the cut come from a small proxy in front of the server; the data is the
 * server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient, RemoteError, type RemoteRunEvent } from '../../src/remote/index';
import { startFaultProxy, type FaultProxy } from '../servers/fault-proxy';
import { freePort, startLangGraphServer, type RunningLangGraphServer } from '../servers/harness';
import { collect, expectEnd, failure, ofType, startSuite, type Suite } from './helpers';

let s: Suite;
let proxy: FaultProxy;
let doomed: RunningLangGraphServer;
beforeAll(async () => {
  // The second server is killed by a test; both start at once to share the wait.
  [s, doomed] = await Promise.all([startSuite('faults', { graphs: ['slow', 'chain'] }), startLangGraphServer({ graphs: ['slow'] })]);
  proxy = await startFaultProxy(s.server.url);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await Promise.all([s?.server.stop(), doomed?.stop()]);
});

const through = (options: Parameters<typeof createRemoteClient>[1] = {}, server: Parameters<typeof createRemoteClient>[0] = { url: proxy.url }) =>
  createRemoteClient(server, options);

const eventIds = (events: RemoteRunEvent[]) => events.flatMap((e) => ('id' in e && e.id !== undefined ? [Number(e.id)] : []));

describe('no server', () => {
  it('an unreachable port is REMOTE_UNREACHABLE, for a request and for a stream, and says what to do', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const client = createRemoteClient({ url }, { retries: 0 });
    const info = await failure(client.info());
    expect(info).toBeInstanceOf(RemoteError);
    expect(info.code).toBe('REMOTE_UNREACHABLE');
    expect(info.message).toContain(url);
    expect(info.message).toContain('langgraph-cli dev');
    const stream = client.runs.start('00000000-0000-4000-8000-000000000003', 'chain', {});
    expect((await failure(collect(stream))).code).toBe('REMOTE_UNREACHABLE');
    expect((await failure(stream.created)).code).toBe('REMOTE_UNREACHABLE');
  });

  it('bad settings are REMOTE_BAD_CONFIG before anything is sent', () => {
    for (const [input, words] of [
      [{ url: 'localhost:2024' }, 'http:// or https://'],
      [{ url: 'ftp://example.com' }, 'http:// or https://'],
      [{ url: 'http://x/?a=1' }, 'query'],
      [{ url: 'http://127.0.0.1:2024', headers: { 'bad header': 'x' } }, 'not a valid header name'],
      [{ url: 'http://127.0.0.1:2024', headers: { Cookie: 'a=1' } }, 'browsers do not let a page send'],
    ] as const) {
      let caught: unknown;
      try {
        createRemoteClient(input);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(RemoteError);
      expect((caught as RemoteError).code).toBe('REMOTE_BAD_CONFIG');
      expect((caught as RemoteError).message).toContain(words);
    }
    expect(createRemoteClient({ url: ' http://127.0.0.1:2024/ ', apiKey: '  ' }).config).toEqual({ url: 'http://127.0.0.1:2024' });
  });
});

describe('credentials', () => {
  it('401 without the API key, 403 with a key that may not; with the right key the server answers, with custom headers sent', async () => {
    proxy.set({ apiKey: 'key-ok', forbiddenKey: 'key-read-only' });
    const none = await failure(through().threads.list());
    expect([none.code, none.data.status, none.data.detail]).toEqual(['REMOTE_UNAUTHORIZED', 401, 'Invalid API key.']);
    expect(none.message).toContain('API key');
    const wrong = await failure(through({}, { url: proxy.url, apiKey: 'nope' }).assistants.list());
    expect(wrong.code).toBe('REMOTE_UNAUTHORIZED');
    const readOnly = await failure(through({}, { url: proxy.url, apiKey: 'key-read-only' }).assistants.list());
    expect([readOnly.code, readOnly.data.status]).toEqual(['REMOTE_FORBIDDEN', 403]);
    const refusedStream = through().runs.start('00000000-0000-4000-8000-000000000004', s.assistants.chain, {});
    expect((await failure(collect(refusedStream))).code).toBe('REMOTE_UNAUTHORIZED');

    const client = through({}, { url: proxy.url, apiKey: 'key-ok', headers: { 'X-Team': 'graphs' } });
    const direct = await s.client.assistants.list();
    expect((await client.assistants.list()).items).toEqual(direct.items);
    const last = proxy.seen[proxy.seen.length - 1];
    expect([last.headers['x-api-key'], last.headers['x-team']]).toEqual(['key-ok', 'graphs']);
    proxy.set({});
  });
});

describe('slow answers', () => {
  it('reports progress while waiting, and the answer still arrives', async () => {
    proxy.set({ delayMs: 700 });
    const progress: number[] = [];
    const page = await through({ slowAfterMs: 100, progressEveryMs: 100 }).assistants.list({}, { onProgress: (p) => progress.push(p.elapsedMs) });
    expect(page.items.map((a) => a.graphId).sort()).toEqual(['chain', 'slow']);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    proxy.set({});
  });

  it('cancelling a slow request is REMOTE_ABORTED; a time limit is REMOTE_TIMEOUT naming it', async () => {
    proxy.set({ delayMs: 5_000 });
    const controller = new AbortController();
    const cancelled = await failure(
      through({ slowAfterMs: 50, progressEveryMs: 50 }).threads.list({}, { signal: controller.signal, onProgress: () => controller.abort() }),
    );
    expect([cancelled.code, cancelled.message]).toEqual(['REMOTE_ABORTED', 'Listing threads was cancelled.']);
    const timedOut = await failure(through({ timeoutMs: 300 }).threads.list());
    expect(timedOut.code).toBe('REMOTE_TIMEOUT');
    expect(timedOut.message).toContain('0.3 s');
    proxy.set({});
  });
});

describe('a stream cut mid-run', () => {
  it('reads on from the last event id: every event arrives once, in order, and the run ends', async () => {
    proxy.set({ cutStreams: [4] });
    const thread = await s.client.threads.create();
    const events = await collect(through().runs.start(thread.threadId, s.assistants.slow, { delayMs: 100, rounds: 5 }, { streamModes: ['updates', 'values'] }));
    expect(proxy.cuts).toBe(1);
    const readOn = ofType(events, 'stream.read_on');
    expect(readOn).toHaveLength(1);
    const before = events[events.indexOf(readOn[0]) - 1];
    expect(readOn[0]).toMatchObject({ attempt: 1, lastEventId: 'id' in before ? before.id : 'none' });
    expectEnd(events, 'success');
    expect(eventIds(events)).toEqual(eventIds(events).map((_, i) => i));
    expect(ofType(events, 'updates').map((e) => e.updates.tick)).toEqual([1, 2, 3, 4, 5].map((n) => ({ ticks: [n] })));
    expect(ofType(events, 'values').at(-1)?.values).toEqual((await s.client.history.head(thread.threadId))?.values);
    proxy.set({});
  });

  it('a connection that goes silent is dropped after streamIdleMs and read on', async () => {
    proxy.set({ stallStreams: [3] });
    const thread = await s.client.threads.create();
    const events = await collect(through({ streamIdleMs: 600 }).runs.start(thread.threadId, s.assistants.slow, { delayMs: 100, rounds: 4 }, { streamModes: ['updates'] }));
    expect(proxy.cuts).toBe(1);
    expect(ofType(events, 'stream.read_on').map((e) => e.reason)).toEqual(['no event for 0.6 s']);
    expectEnd(events, 'success');
    expect(eventIds(events)).toEqual(eventIds(events).map((_, i) => i));
    expect(ofType(events, 'updates')).toHaveLength(4);
    proxy.set({});
  });

  it('gives up after readOnAttempts with REMOTE_STREAM_CUT naming where to read on; a later join finishes the run', async () => {
    // The first stream dies after two events, and each read-on at once.
    proxy.set({ cutStreams: [2, 0, 0, 0] });
    const thread = await s.client.threads.create();
    const stream = through({ readOnAttempts: 2, readOnDelayMs: 50 }).runs.start(thread.threadId, s.assistants.slow, { delayMs: 200, rounds: 8 }, { streamModes: ['updates'] });
    const seen: RemoteRunEvent[] = [];
    const err = await failure(async () => {
      for await (const event of stream) seen.push(event);
    });
    expect(err.code).toBe('REMOTE_STREAM_CUT');
    const runId = (await stream.created).runId;
    expect(err.data.readOn).toEqual({ threadId: thread.threadId, runId, lastEventId: stream.lastEventId });
    expect(err.message).toContain(runId);
    expect(ofType(seen, 'stream.read_on').map((e) => e.attempt)).toEqual([1, 2]);
    proxy.set({});
    const rest = await collect(s.client.runs.join(err.data.readOn.threadId, err.data.readOn.runId, { lastEventId: err.data.readOn.lastEventId }));
    expectEnd(rest, 'success');
    const all = [...eventIds(seen), ...eventIds(rest)];
    expect(all).toEqual(all.map((_, i) => i));
    expect(ofType([...seen, ...rest], 'updates')).toHaveLength(8);
  });
});

describe('the server stopped mid-run', () => {
  it('a killed server ends the stream with REMOTE_STREAM_CUT (cause REMOTE_UNREACHABLE) promptly, keeping what arrived', async () => {
    const client = createRemoteClient({ url: doomed.url }, { retries: 0 });
    const assistant = (await client.assistants.list()).items[0].assistantId;
    const thread = await client.threads.create();
    const stream = client.runs.start(thread.threadId, assistant, { delayMs: 300, rounds: 50 }, { streamModes: ['updates'] });
    const seen: RemoteRunEvent[] = [];
    const err = await failure(async () => {
      for await (const event of stream) {
        seen.push(event);
        if (ofType(seen, 'updates').length === 2) await doomed.kill();
      }
    });
    expect(err.code).toBe('REMOTE_STREAM_CUT');
    expect(err.data.cause).toBe('REMOTE_UNREACHABLE');
    expect(err.message).toContain('no longer answers');
    expect(err.data.readOn).toMatchObject({ threadId: thread.threadId, runId: (await stream.created).runId });
    expect(ofType(seen, 'updates')).toHaveLength(2);
    expect((await failure(client.info())).code).toBe('REMOTE_UNREACHABLE');
  });
});
