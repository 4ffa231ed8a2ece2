/**
 * The Python-format fixture (scripts/fixtures/make-python-sqlite.py): the real LangGraph.js runs
 * re-serialized as LangGraph Python stores them (msgpack with extension codes, string versions,
 * repr'd errors, pydantic messages), plus threads with every extension code and blob type, and an
 * old `json`-serialized v1 checkpoint pair.
 *
 * The runs must decode to the same checkpoints as the JS fixture they came from: the formats
 * differ, the run does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChatMessage, type CheckpointSource, type ForeignCheckpoint } from '../../src/formats/index';
import { fixture, open } from './fixtures';

let py: CheckpointSource;
let js: CheckpointSource;
beforeAll(async () => {
  py = await open([fixture('python/runs.sqlite')]);
  js = await open([fixture('js/runs.sqlite')]);
});
afterAll(() => {
  py.close();
  js.close();
});

/** The fields both languages give a message (Python adds `status` to tool messages, for one). */
function messageCore(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(messageCore);
  if (!isChatMessage(v)) return v;
  const { type, class: cls, content, id, tool_calls, tool_call_id, name, usage_metadata } = v;
  return Object.fromEntries(Object.entries({ type, cls, content, id, tool_calls, tool_call_id, name, usage_metadata }).filter(([, x]) => x !== undefined));
}

/** Errors: Python keeps the `repr`; both have name and message. */
function errorCore(channel: string, v: unknown): unknown {
  if (channel !== '__error__' || !v || typeof v !== 'object') return v;
  const { name, message } = v as { name: string; message: string };
  return { name, message };
}

function comparable(c: ForeignCheckpoint) {
  const { checkpoint, metadata, parentConfig, pendingWrites } = c.tuple;
  return {
    id: checkpoint.id,
    time: Date.parse(checkpoint.ts),
    values: Object.fromEntries(Object.entries(checkpoint.channel_values).map(([ch, v]) => [ch, messageCore(v)])),
    versions: checkpoint.channel_versions,
    seen: checkpoint.versions_seen,
    metadata,
    parent: parentConfig?.configurable?.checkpoint_id,
    writes: (pendingWrites ?? []).map(([t, ch, v]) => [t, ch, errorCore(ch, messageCore(v))]),
    deltas: c.deltas,
  };
}

describe('Python-format runs', () => {
  it('hold the same threads and namespaces as the JS runs they were written from, plus their own', async () => {
    const pyThreads = (await py.listThreads()).map((t) => t.threadId).sort();
    const jsThreads = (await js.listThreads()).map((t) => t.threadId).sort();
    expect(pyThreads).toEqual([...jsThreads, 'py-legacy', 'py-values'].sort());
    expect(await py.listNamespaces('subgraph')).toEqual(await js.listNamespaces('subgraph'));
  });

  it('every checkpoint decodes to what the JS one decodes to', async () => {
    let compared = 0;
    for (const t of await js.listThreads()) {
      for (const { checkpointNs } of await js.listNamespaces(t.threadId)) {
        for (const s of await js.listCheckpoints(t.threadId, checkpointNs, { limit: 100 })) {
          const a = await js.getCheckpoint(t.threadId, checkpointNs, s.checkpointId);
          const b = await py.getCheckpoint(t.threadId, checkpointNs, s.checkpointId);
          expect(comparable(b!)).toEqual(comparable(a!));
          compared++;
        }
      }
    }
    expect(compared).toBe(36);
  });

  it('keep Python details: msgpack blobs, string versions, updated_channels, repr of errors, null writes', async () => {
    const latest = (await py.getCheckpoint('chat', ''))!;
    expect(latest.blobType).toBe('msgpack');
    expect(latest.rawVersions.messages).toMatch(/^0{31}5\.0\.\d+$/);
    expect(latest.tuple.checkpoint.channel_versions.messages).toBe(5);
    expect(latest.tuple.checkpoint.updated_channels).toEqual(['branch:to:agent', 'messages']);
    expect(latest.tuple.checkpoint.ts).toMatch(/\+00:00$/);
    const failed = (await py.listCheckpoints('error-resume', '', { limit: 10 }))[1]!;
    const writes = (await py.getCheckpoint('error-resume', '', failed.checkpointId))!.writes;
    expect(writes.find((w) => w.channel === '__error__' && (w.value as { name: string }).name === 'Error')?.value).toEqual({ name: 'Error', message: 'web search timed out', repr: "Error('web search timed out')" });
    const input = (await py.listCheckpoints('subgraph', '', { limit: 10 })).at(-1)!;
    const branch = (await py.getCheckpoint('subgraph', '', input.checkpointId))!.writes.find((w) => w.channel === 'branch:to:prepare');
    expect(branch).toMatchObject({ type: 'null', value: null });
  });

  it('Python messages are pydantic models (extension 5) and decode to the same chat shape', async () => {
    const msgs = (await py.getCheckpoint('chat', ''))!.tuple.checkpoint.channel_values.messages as Record<string, unknown>[];
    expect(msgs.map((m) => `${m.type}:${m.class}`)).toEqual(['system:SystemMessage', 'human:HumanMessage', 'ai:AIMessage', 'tool:ToolMessage', 'ai:AIMessage']);
    expect(msgs[3]).toEqual({ $type: 'message', type: 'tool', class: 'ToolMessage', content: 'sunny', additional_kwargs: {}, response_metadata: {}, name: 'get_weather', id: 'tool-1', tool_call_id: 'call_1', status: 'success' });
  });
});

describe('every extension code and blob type (py-values)', () => {
  it('decodes each value to its tag', async () => {
    const v = (await py.getCheckpoint('py-values', ''))!.tuple.checkpoint.channel_values;
    expect(v.uuid).toEqual({ $type: 'uuid', value: '12345678-1234-5678-1234-567812345678' });
    expect(v.aware).toEqual({ $type: 'datetime', value: '2026-05-04T12:30:15.250000+00:00' });
    expect(v.naive).toEqual({ $type: 'datetime', value: '2026-05-04T12:30:00' });
    expect(v.day).toEqual({ $type: 'date', value: '2026-05-04' });
    expect(v.alarm).toEqual({ $type: 'time', value: '07:05:09.001500+02:00' });
    expect(v.wait).toEqual({ $type: 'timedelta', value: 86430.5, days: 1, seconds: 30, microseconds: 500000 });
    expect(v.cest).toEqual({ $type: 'timezone', value: 7200, text: '+02:00', name: 'CEST' });
    expect(v.zone).toEqual({ $type: 'zoneinfo', value: 'Europe/Paris' });
    expect(v.price).toEqual({ $type: 'decimal', value: '19.99' });
    expect([v.tags, v.frozen, v.queue]).toEqual([{ $type: 'set', kind: 'set', items: ['b'] }, { $type: 'set', kind: 'frozenset', items: [1] }, { $type: 'set', kind: 'deque', items: [1, 2] }]);
    expect([v.ip, v.net]).toEqual([{ $type: 'ip', value: '192.168.0.1', class: 'IPv4Address' }, { $type: 'ip', value: '2001:db8::/32', class: 'IPv6Network' }]);
    expect(v.path).toEqual({ $type: 'path', value: '/srv/app/report.txt', class: 'PosixPath' });
    expect(v.pattern).toEqual({ $type: 'regexp', value: '^a+$', flags: 34 });
    expect(v.color).toEqual({ $type: 'object', module: 'myapp.models', name: 'Color', kind: 'constructor', args: ['red'] });
    expect(v.point).toEqual({ $type: 'object', module: 'myapp.models', name: 'Point', kind: 'fields', fields: { x: 1, y: 2 } });
    expect(v.order).toMatchObject({ $type: 'object', name: 'Order', kind: 'fields', fields: { id: { $type: 'uuid', value: '00000000-0000-0000-0000-000000000007' }, items: [{ $type: 'object', name: 'Point' }] } });
    expect(v.legacy_model).toEqual({ $type: 'object', module: 'myapp.models', name: 'Profile', kind: 'pydantic_v1', fields: { name: 'Ada', age: 36 } });
    expect(v.model).toMatchObject({ kind: 'pydantic', fields: { theme: 'dark', since: { $type: 'datetime' } } });
    expect(v.matrix).toEqual({ $type: 'ndarray', dtype: '<f8', shape: [2, 3], order: 'C', length: 48 });
    expect(v.weird_keys).toEqual({ 1: 'int key', '["a",1]': 'tuple key' });
    expect(v.infinity).toEqual({ $type: 'decimal', value: 'Infinity' });
    expect(v.raw).toEqual({ $type: 'bytes', length: 3, base64: 'AAEC', truncated: false });
    expect((v.messages as unknown[]).map(messageCore)).toEqual([
      { type: 'human', cls: 'HumanMessage', content: 'Hi', id: 'h1' },
      { type: 'ai', cls: 'AIMessage', content: [{ type: 'text', text: 'Hello' }], id: 'a1', tool_calls: [] },
    ]);
  });

  it('shows pickle, encrypted, unknown-extension and truncated blobs as opaque, and reports them', async () => {
    const c = (await py.getCheckpoint('py-values', ''))!;
    const byChannel = Object.fromEntries(c.writes.map((w) => [w.channel, w]));
    expect(byChannel.bytes!.value).toEqual({ $type: 'bytes', length: 8, base64: 'AAFiaW5hcnk=', truncated: false });
    expect(byChannel.bytearray!.value).toMatchObject({ $type: 'bytes', length: 3 });
    expect(byChannel.none!).toMatchObject({ type: 'null', value: null });
    expect(byChannel.pickled!.value).toMatchObject({ $type: 'opaque', type: 'pickle', reason: expect.stringMatching(/unpickling can run code/) });
    expect(byChannel.encrypted!.value).toMatchObject({ $type: 'opaque', type: 'msgpack+aes', length: 40 });
    expect(byChannel.unknown_ext!.value).toEqual({ x: { $type: 'opaque', type: 'ext:42', length: 3, preview: '???', reason: 'unknown msgpack extension type 42' } });
    expect(byChannel.truncated!.value).toMatchObject({ $type: 'opaque', type: 'msgpack', length: 20 });
    expect(byChannel.__interrupt__!).toMatchObject({ idx: -3, value: [{ value: { question: 'ok?' }, id: '0f'.repeat(16) }] });
    expect(byChannel.__error__!.value).toEqual({ name: 'ValueError', message: "it's broken\nbadly", repr: 'ValueError("it\'s broken\\nbadly")' });
    expect(c.issues).toHaveLength(3);
    expect(c.tuple.metadata).toEqual({ source: 'update', step: 0, parents: {}, note: 'every extension code', émoji: '✓' });
  });
});

describe('old json-serialized v1 checkpoints (py-legacy)', () => {
  it('revive lc: 2 constructors and lc: 1 messages, and rebuild Send packets from the parent writes', async () => {
    const [child, parent] = await py.listCheckpoints('py-legacy', '', { limit: 10 });
    const c = (await py.getCheckpoint('py-legacy', '', child!.checkpointId))!;
    expect(c.blobType).toBe('json');
    expect(c.tuple.checkpoint.v).toBe(1);
    expect(c.tuple.checkpoint.channel_values).toEqual({
      messages: [{ $type: 'message', type: 'human', class: 'HumanMessage', content: 'old hello', id: 'old-1' }],
      session: { $type: 'uuid', value: '9f9f9f9f-9f9f-9f9f-9f9f-9f9f9f9f9f9f' },
      started: { $type: 'datetime', value: '2024-07-31T20:14:19.804150+00:00' },
      seen: { $type: 'set', kind: 'set', items: ['x'] },
      __pregel_tasks: [{ lg_name: 'Send', node: 'worker', args: { item: 1 } }],
    });
    expect(c.tuple.checkpoint.channel_versions.__pregel_tasks).toBe(2);
    expect(c.tuple.metadata).toMatchObject({ source: 'loop', step: 0, writes: null });
    const p = (await py.getCheckpoint('py-legacy', '', parent!.checkpointId))!;
    expect(p.tuple.checkpoint.channel_values.__pregel_tasks).toBeUndefined();
  });
});

describe('the same Python runs as a Postgres dump (python/postgres-dump.json)', () => {
  it('decode to the same checkpoints as the SQLite file, primitives inline and snapshots behind their marker', async () => {
    const pg = await open([fixture('python/postgres-dump.json')]);
    /** Postgres keeps values of versioned channels only, and finds a snapshot by its version. */
    const shape = (c: ForeignCheckpoint) => {
      const base = comparable(c);
      const versioned = Object.fromEntries(Object.entries(base.values).filter(([ch]) => Object.hasOwn(base.versions, ch)));
      return { ...base, values: versioned, deltas: Object.keys(c.deltas).filter((ch) => c.deltas[ch]!.status !== 'unresolved'), raw: c.rawVersions };
    };
    let compared = 0;
    for (const t of await js.listThreads()) {
      for (const { checkpointNs } of await py.listNamespaces(t.threadId)) {
        for (const s of await py.listCheckpoints(t.threadId, checkpointNs, { limit: 100 })) {
          const fromPg = (await pg.getCheckpoint(t.threadId, checkpointNs, s.checkpointId))!;
          expect(shape(fromPg)).toEqual(shape((await py.getCheckpoint(t.threadId, checkpointNs, s.checkpointId))!));
          compared++;
        }
      }
    }
    expect(compared).toBe(36);
    const snapshotAt = (await pg.listCheckpoints('delta', '', { limit: 20 })).map((c) => c.checkpointId);
    const statuses = await Promise.all(snapshotAt.map(async (id) => (await pg.getCheckpoint('delta', '', id))!.deltas.log?.status));
    expect(statuses).toContain('snapshot');
    const first = (await pg.listCheckpoints('error-resume', '', { limit: 10 })).at(-2)!;
    expect((await pg.getCheckpoint('error-resume', '', first.checkpointId))!.tuple.checkpoint.channel_values.topic).toBe('pregel');
    pg.close();
  });
});
