import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { BaseCheckpointSaver, CheckpointTuple } from '../../src/engine/checkpoint/types';
import {
  exportFileName,
  exportThread,
  importAnyThread,
  importThread,
  serializeThreadExport,
  type ImportedExtras,
  type ThreadExportV1,
} from '../../src/worker/portability';
import { STEPS, cid, fixtureExtras, snapshotSaver, writeFixtureThread } from './fixtures';

const NOW = new Date('2026-11-29T12:00:00.000Z');

async function exported(saver: BaseCheckpointSaver, threadId: string, withExtras = true): Promise<ThreadExportV1> {
  const extras = withExtras ? { ...fixtureExtras(threadId), graphId: 'user:notes', graphSource: 'export default 1;\n' } : {};
  const r = await exportThread(saver, threadId, { ...extras, now: NOW });
  if (!r.ok) throw new Error(r.error.message);
  return r.document;
}

async function tuples(saver: BaseCheckpointSaver, threadId: string): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of saver.list({ configurable: { thread_id: threadId } })) out.push(t);
  return out;
}

/** A tuple with its thread id replaced, to compare a thread with its copy under another id. */
function rethread(t: CheckpointTuple, threadId: string): CheckpointTuple {
  const re = (c: CheckpointTuple['config'] | undefined) => c && { ...c, configurable: { ...c.configurable, thread_id: threadId } };
  return { ...t, config: re(t.config)!, ...(t.parentConfig ? { parentConfig: re(t.parentConfig) } : {}) };
}

describe('exportThread', () => {
  it('writes every checkpoint of every namespace, oldest first, with parents and writes', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const doc = await exported(saver, 't1');
    expect(doc).toMatchObject({ format: 'replaygraph.thread', version: 1, exportedAt: NOW.toISOString(), threadId: 't1', graphId: 'user:notes' });
    expect(doc.checkpoints.map((c) => [c.ns, c.checkpoint.id, c.parentId])).toEqual(
      STEPS.map((s) => [s.ns ?? '', cid(s.n), s.parent === null ? null : cid(s.parent)]),
    );
    expect(doc.checkpoints[4]!.pendingWrites.map(([task, channel]) => `${task}/${channel}`)).toEqual([
      'task-c/notes', 'task-d/notes', 'task-d/topic', 'task-c/__resume__',
    ]);
    expect(doc.runs).toHaveLength(2);
    expect(doc.trace).toHaveLength(3);
  });

  it('encodes values JSON cannot carry and keeps HTML as text', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const text = serializeThreadExport(await exported(saver, 't1'));
    const values = JSON.parse(text).checkpoints[2].checkpoint.channel_values;
    expect(values.notes).toEqual(['<b>bold</b> & "quoted"']);
    expect(values.when).toEqual({ $rg: 'date', v: '2026-01-02T03:04:05.000Z' });
    expect(values.odd).toEqual({
      $rg: 'object',
      v: {
        nan: { $rg: 'number', v: 'NaN' }, inf: { $rg: 'number', v: '-Infinity' }, negZero: { $rg: 'number', v: '-0' },
        nothing: { $rg: 'undefined' }, big: { $rg: 'bigint', v: '12345678901234567890' }, $rg: 'user key',
      },
    });
    expect(exportFileName(JSON.parse(text))).toBe('t1.replaygraph.json');
  });

  it('returns the file text, and refuses one longer than an import accepts', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const r = await exportThread(saver, 't1', { now: NOW });
    expect(r.ok && r.text).toBe(r.ok && serializeThreadExport(r.document));
    const small = await exportThread(saver, 't1', { now: NOW, limits: { maxTextLength: 2000 } });
    expect(small).toMatchObject({ ok: false, error: { code: 'too-large', message: expect.stringMatching(/over the import limit of 2000/) } });
  });

  it('refuses a missing thread and a value with a cycle, as data', async () => {
    const saver = new MemorySaver();
    expect(await exportThread(saver, 'nope')).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = { again: loop };
    await saver.put({ configurable: { thread_id: 'c' } }, { v: 4, id: cid(1), ts: NOW.toISOString(), channel_values: { loop }, channel_versions: { loop: 1 }, versions_seen: {} },
      { source: 'input', step: -1, parents: {} }, { loop: 1 });
    const r = await exportThread(saver, 'c');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('not-exportable');
    expect(r.error.path).toBe('$.checkpoints[0].checkpoint.channel_values.loop.self.again');
  });

  it('writes what the app stores that JSON cannot say, and an import restores it exactly', async () => {
    const put = async (saver: MemorySaver, threadId: string, value: unknown) =>
      saver.put({ configurable: { thread_id: threadId } }, { v: 4, id: cid(1), ts: NOW.toISOString(), channel_values: { value }, channel_versions: { value: 1 }, versions_seen: {} },
        { source: 'input', step: -1, parents: {} }, { value: 1 });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100; i++) deep = { next: deep };
    const protoKeys = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "Object", "prototype": [1], "$rg": "mine"}');
    const values: [string, unknown][] = [
      ['nan', new Float64Array([NaN, -0, Infinity, 1.5])],
      ['f32', new Float32Array([NaN, 2])],
      ['big', new BigInt64Array([-(2n ** 63n), 5n])],
      ['view', new DataView(new Uint8Array([1, 2, 3]).buffer)],
      ['deep', deep],
      ['wide', Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))],
      ['proto', protoKeys],
    ];
    for (const [threadId, value] of values) {
      const saver = new MemorySaver();
      await put(saver, threadId, value);
      const r = await exportThread(saver, threadId);
      if (!r.ok) throw new Error(`${threadId}: ${r.error.message}`);
      const copy = new MemorySaver();
      expect(await importThread(copy, r.text), threadId).toMatchObject({ ok: true });
      const back = (await copy.getTuple({ configurable: { thread_id: threadId } }))!.checkpoint.channel_values.value;
      expect(back, threadId).toStrictEqual(value);
    }
    // `__proto__` came back as an own key, and nothing was polluted.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses to write a file that an import would refuse (the storage worker refuses such values when they are written)', async () => {
    const put = async (saver: MemorySaver, threadId: string, value: unknown) =>
      saver.put({ configurable: { thread_id: threadId } }, { v: 4, id: cid(1), ts: NOW.toISOString(), channel_values: { value }, channel_versions: { value: 1 }, versions_seen: {} },
        { source: 'input', step: -1, parents: {} }, { value: 1 });
    const saver = new MemorySaver();
    let deeper: unknown = 'bottom';
    for (let i = 0; i < 1_000; i++) deeper = [deeper];
    await put(saver, 'deeper', deeper);
    expect(await exportThread(saver, 'deeper')).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });
});

describe('importThread restores exactly the same history', () => {
  it('into another saver: same ids, parents, values, metadata and pending writes', async () => {
    const source = new MemorySaver();
    await writeFixtureThread(source, 't1');
    const doc = await exported(source, 't1');
    const target = new MemorySaver();
    const r = await importThread(target, serializeThreadExport(doc));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.summary).toMatchObject({ threadId: 't1', checkpoints: STEPS.length, writes: 9, readOnly: false, graphId: 'user:notes' });
    expect(await tuples(target, 't1')).toEqual(await tuples(source, 't1'));
    // Exporting the copy gives the same document.
    const again = await exported(target, 't1');
    expect(again).toEqual(doc);
    // Rich values came back as what they were.
    const restored = (await target.getTuple({ configurable: { thread_id: 't1', checkpoint_ns: '', checkpoint_id: cid(3) } }))!;
    const v = restored.checkpoint.channel_values as Record<string, any>;
    expect(v.when).toBeInstanceOf(Date);
    expect(v.index).toEqual(new Map<unknown, unknown>([['k', 1], [2, { deep: [1, 2, 3] }]]));
    expect(Object.is(v.odd.negZero, -0)).toBe(true);
    expect(v.odd.big).toBe(12345678901234567890n);
    expect('nothing' in v.odd && v.odd.nothing === undefined).toBe(true);
    expect(v.bytes).toEqual(new Uint8Array([1, 2, 255]));
    expect(v.pattern).toEqual(/a+b/gi);
  });

  it('carries checkpoint fields it does not know, and a channel named $rg', async () => {
    const saver = new MemorySaver();
    await saver.put({ configurable: { thread_id: 'f' } },
      { v: 4, id: cid(1), ts: NOW.toISOString(), channel_values: { $rg: 'channel', v: 2 }, channel_versions: { $rg: 1, v: 1 }, versions_seen: {}, pending_sends: [] } as never,
      { source: 'input', step: -1, parents: {} }, { $rg: 1, v: 1 });
    const r = await exportThread(saver, 'f');
    if (!r.ok) throw new Error(r.error.message);
    const copy = new MemorySaver();
    expect((await importThread(copy, r.text)).ok).toBe(true);
    expect(await tuples(copy, 'f')).toEqual(await tuples(saver, 'f'));
    expect((await tuples(copy, 'f'))[0]!.checkpoint).toMatchObject({ pending_sends: [], channel_values: { $rg: 'channel', v: 2 } });
  });

  it('under a new thread id in the same saver, leaving the original untouched', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const before = await snapshotSaver(saver, ['t1']);
    let stored: ImportedExtras | undefined;
    const r = await importThread(saver, serializeThreadExport(await exported(saver, 't1')), {
      threadId: 'copy',
      writeExtras: async (extras) => {
        stored = extras;
      },
    });
    expect(r.ok).toBe(true);
    expect(await snapshotSaver(saver, ['t1'])).toEqual(before);
    expect(await tuples(saver, 'copy')).toEqual((await tuples(saver, 't1')).map((t) => rethread(t, 'copy')));
    expect(stored?.runs.map((run) => run.threadId)).toEqual(['copy', 'copy']);
    expect(stored?.trace[0]).toMatchObject({ type: '@engine.run.start', threadId: 'copy' });
    expect(stored?.graphSource).toBe('export default 1;\n');
  });

  it('carries the worker\'s stored trace records as they are, naming the new thread', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const [run] = fixtureExtras('t1').runs;
    const records = [
      { runId: 'run-1', seq: 0, kind: 'run', run },
      { runId: 'run-1', seq: 1, kind: 'trace', event: fixtureExtras('t1').trace[0] },
      { runId: 'run-1', seq: 2, kind: 'checkpoint', checkpoint: { checkpointId: cid(1), parentId: null, ns: '', step: -1 } },
    ];
    const r = await exportThread(saver, 't1', { trace: records });
    if (!r.ok) throw new Error(r.error.message);
    let stored: ImportedExtras | undefined;
    const imported = await importThread(new MemorySaver(), serializeThreadExport(r.document), {
      threadId: 'moved',
      writeExtras: async (extras) => {
        stored = extras;
      },
    });
    expect(imported.ok).toBe(true);
    expect(stored?.trace).toEqual([
      { ...records[0], run: { ...run, threadId: 'moved' } },
      { ...records[1], event: { ...fixtureExtras('t1').trace[0] as object, threadId: 'moved' } },
      records[2],
    ]);
  });

  it('accepts an already-parsed document and detects the format', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const doc = await exported(saver, 't1', false);
    const r = await importAnyThread(new MemorySaver(), serializeThreadExport(doc));
    expect(r).toMatchObject({ ok: true, format: 'replaygraph' });
    const parsedInput = JSON.parse(serializeThreadExport(doc));
    expect((await importThread(new MemorySaver(), parsedInput)).ok).toBe(true);
  });
});

describe('importThread changes nothing when it cannot finish', () => {
  it('refuses a thread id that already exists', async () => {
    const saver = new MemorySaver();
    await writeFixtureThread(saver, 't1');
    const before = await snapshotSaver(saver, ['t1']);
    const r = await importThread(saver, serializeThreadExport(await exported(saver, 't1')));
    expect(r).toMatchObject({ ok: false, error: { code: 'thread-exists' } });
    expect(await snapshotSaver(saver, ['t1'])).toEqual(before);
  });

  /** A real MemorySaver whose n-th put or putWrites call fails (storage full, say). */
  class FailingSaver extends MemorySaver {
    calls = 0;
    constructor(private readonly failAt: number) {
      super();
    }
    private tick() {
      this.calls += 1;
      if (this.calls === this.failAt) throw new Error('QuotaExceededError: disk full');
    }
    override async put(...args: Parameters<MemorySaver['put']>) {
      this.tick();
      return super.put(...args);
    }
    override async putWrites(...args: Parameters<MemorySaver['putWrites']>) {
      this.tick();
      return super.putWrites(...args);
    }
  }

  it.each([1, 2, 5, 9, 14])('removes what it wrote when write %i fails', async (failAt) => {
    const source = new MemorySaver();
    await writeFixtureThread(source, 't1');
    const text = serializeThreadExport(await exported(source, 't1'));
    const saver = new FailingSaver(Number.MAX_SAFE_INTEGER);
    await writeFixtureThread(saver, 'other');
    const before = await snapshotSaver(saver, ['other', 'new']);
    (saver as unknown as { failAt: number }).failAt = saver.calls + failAt;
    const r = await importThread(saver, text, { threadId: 'new' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('write-failed');
    expect(r.error.message).toMatch(/disk full/);
    expect(await snapshotSaver(saver, ['other', 'new'])).toEqual(before);
  });

  it('rolls back when storing runs and trace fails', async () => {
    const source = new MemorySaver();
    await writeFixtureThread(source, 't1');
    const saver = new MemorySaver();
    const r = await importThread(saver, serializeThreadExport(await exported(source, 't1')), {
      writeExtras: async () => {
        throw new Error('trace store closed');
      },
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'write-failed' } });
    expect(await snapshotSaver(saver, ['t1'])).toEqual([]);
  });

  it('uses the given rollback to remove extras stored elsewhere', async () => {
    const source = new MemorySaver();
    await writeFixtureThread(source, 't1');
    const saver = new MemorySaver();
    const traces = new Map<string, unknown[]>();
    const r = await importThread(saver, serializeThreadExport(await exported(source, 't1')), {
      writeExtras: async (extras) => {
        traces.set(extras.threadId, extras.trace);
        throw new Error('runs table locked');
      },
      rollback: async (threadId) => {
        traces.delete(threadId);
        await saver.deleteThread(threadId);
      },
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'write-failed', message: expect.stringMatching(/runs table locked.*removed again/) } });
    expect(traces.size).toBe(0);
    expect(await snapshotSaver(saver, ['t1'])).toEqual([]);
  });
});
