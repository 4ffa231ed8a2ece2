/**
 * The other stores:
 * - the JS dev server's store, made by a real `npx langgraphjs dev` (scripts/fixtures/make-dev-store.ts),
 *   checked against LangGraph.js's `MemorySaver` loaded from the same file the way the server
 *   loads it (superjson with its Uint8Array transformer);
 * - a Postgres dump made by the real Postgres saver and exported with psql as JSON and as CSV
 *   (scripts/fixtures/make-postgres-dump.ts), checked against each other and against the SQLite
 *   fixture of the same runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemorySaver } from '@langchain/langgraph';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, type CheckpointSource, type ForeignCheckpoint } from '../../src/formats/index';
import { FIXTURES, fixture, open, refusal } from './fixtures';
import { compareWithRealSaver } from './real-saver';

const DEV = 'langgraph-dev/.langgraphjs_api.checkpointer.json';
const CSV = ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes'].map((t) => `postgres/csv/${t}.csv`);

describe('the JS dev server store', () => {
  let source: CheckpointSource;
  beforeAll(async () => {
    source = await open([fixture(DEV)]);
  });
  afterAll(() => source.close());

  it('is recognised, with its threads, the subgraph namespace and task paths', async () => {
    expect(source.info.format).toBe('langgraph-dev');
    const threads = await source.listThreads();
    expect(threads).toHaveLength(4);
    const sub = threads.find((t) => t.namespaceCount === 2)!;
    expect((await source.listNamespaces(sub.threadId)).map((n) => n.checkpointNs)).toEqual(['', expect.stringMatching(/^child:/)]);
    const first = (await source.listCheckpoints(sub.threadId, '', { limit: 10 })).at(-1)!;
    const writes = (await source.getCheckpoint(sub.threadId, '', first.checkpointId))!.writes;
    expect(writes[0]).toMatchObject({ taskPath: '~__pregel_pull, __start__', type: 'json' });
    const chat = (await source.getCheckpoint(threads.find((t) => t.threadId.endsWith('4'))!.threadId, ''))!;
    expect(chat.tuple.metadata).toMatchObject({ graph_id: 'chat', user_id: { $type: 'undefined' }, source: 'loop', step: 3 });
    expect((chat.tuple.checkpoint.channel_values.messages as { type: string }[]).map((m) => m.type)).toEqual(['human', 'ai', 'tool', 'ai']);
  });

  it('reads every checkpoint as LangGraph.js MemorySaver reads the same file', async () => {
    superjson.registerCustom<Uint8Array, string>(
      { isApplicable: (v): v is Uint8Array => v instanceof Uint8Array, serialize: (v) => Buffer.from(v).toString('base64'), deserialize: (v) => new Uint8Array(Buffer.from(v, 'base64')) },
      'Uint8Array',
    );
    const state = superjson.parse<{ storage: MemorySaver['storage']; writes: MemorySaver['writes'] }>(readFileSync(join(FIXTURES, DEV), 'utf8'));
    const real = new MemorySaver();
    real.storage = state.storage;
    real.writes = state.writes;
    expect(await compareWithRealSaver(source, real)).toBe(20);
  });
});

describe('a Postgres dump', () => {
  let json: CheckpointSource;
  let csv: CheckpointSource;
  let sqlite: CheckpointSource;
  beforeAll(async () => {
    json = await open([fixture('postgres/js-dump.json')]);
    csv = await open(CSV.map(fixture));
    sqlite = await open([fixture('js/runs.sqlite')]);
  });
  afterAll(() => [json, csv, sqlite].forEach((s) => s.close()));

  it('as JSON and as CSV reads the same checkpoints', async () => {
    expect(json.info.format).toBe('postgres-dump');
    expect(csv.info).toMatchObject({ format: 'postgres-dump', name: 'checkpoints.csv' });
    let compared = 0;
    for (const t of await json.listThreads()) {
      for (const { checkpointNs } of await json.listNamespaces(t.threadId)) {
        for (const s of await json.listCheckpoints(t.threadId, checkpointNs, { limit: 100 })) {
          expect(await csv.getCheckpoint(t.threadId, checkpointNs, s.checkpointId)).toEqual(await json.getCheckpoint(t.threadId, checkpointNs, s.checkpointId));
          compared++;
        }
      }
    }
    expect(compared).toBe(36);
  });

  /** A checkpoint without its ids and times: what the same run must reproduce in any store. */
  function runShape(c: ForeignCheckpoint) {
    const { __pregel_tasks: tasks, ...all } = c.tuple.checkpoint.channel_values;
    // Postgres keeps only channels that have a version (SQLite keeps a few initial values without one).
    const values = Object.fromEntries(Object.entries(all).filter(([ch]) => Object.hasOwn(c.tuple.checkpoint.channel_versions, ch)));
    return {
      values: JSON.parse(JSON.stringify(values)),
      // Postgres stores only channels with a version: an empty TASKS list is not kept.
      tasks: Array.isArray(tasks) && tasks.length === 0 ? undefined : tasks,
      versions: c.tuple.checkpoint.channel_versions,
      metadata: { source: c.tuple.metadata!.source, step: c.tuple.metadata!.step },
      // Interrupt ids derive from the run's (time-based) checkpoint ids.
      writes: c.writes.map((w) => [w.channel, w.idx, w.channel === '__interrupt__' ? (w.value as { value: unknown }[]).map((i) => i.value) : w.value]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      // Postgres keeps a snapshot blob under its version, so a later checkpoint that did not change
      // the channel still finds it; SQLite rebuilds the same value from the snapshot before it.
      deltas: Object.fromEntries(Object.entries(c.deltas).map(([ch, d]) => [ch, d.status !== 'unresolved'])),
    };
  }

  it('holds the same runs as the SQLite file (same graphs, same steps, same values)', async () => {
    const ids = (s: CheckpointSource) => s.listThreads().then((ts) => ts.map((t) => t.threadId).sort());
    expect(await ids(json)).toEqual(await ids(sqlite));
    for (const threadId of await ids(json)) {
      const [a, b] = [await json.listNamespaces(threadId), await sqlite.listNamespaces(threadId)];
      expect(a.map((n) => n.checkpointCount)).toEqual(b.map((n) => n.checkpointCount));
      for (const [i, ns] of a.entries()) {
        const pg = await json.listCheckpoints(threadId, ns.checkpointNs, { limit: 100 });
        const sq = await sqlite.listCheckpoints(threadId, b[i]!.checkpointNs, { limit: 100 });
        for (const [k, p] of pg.entries()) {
          const x = await json.getCheckpoint(threadId, ns.checkpointNs, p.checkpointId);
          const y = await sqlite.getCheckpoint(threadId, b[i]!.checkpointNs, sq[k]!.checkpointId);
          expect(runShape(x!)).toEqual(runShape(y!));
        }
      }
    }
  });

  it('is refused with the table at fault when a column is missing', async () => {
    const dump = JSON.parse(readFileSync(join(FIXTURES, 'postgres/js-dump.json'), 'utf8')) as { checkpoint_writes: Record<string, unknown>[] };
    for (const w of dump.checkpoint_writes) delete w.channel;
    expect(await refusal([bytesSource('dump.json', new TextEncoder().encode(JSON.stringify(dump)))])).toMatchObject({ code: 'FORMAT_SCHEMA', message: expect.stringMatching(/"checkpoint_writes" rows lack channel/) });
    expect((await refusal([bytesSource('x.json', new TextEncoder().encode('{"checkpoints": [1], "x": '))])).code).toBe('FORMAT_TRUNCATED');
    expect((await refusal([bytesSource('y.json', new TextEncoder().encode('{"rows": []}'))])).message).toMatch(/neither a LangGraph dev server store/);
    expect((await refusal([bytesSource('z.csv', new TextEncoder().encode('a,b\n1,2\n'))])).code).toBe('FORMAT_SCHEMA');
  });
});
