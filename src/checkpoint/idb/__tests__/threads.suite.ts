/** The thread list, the running flag, traces, and what deleteThread removes. */
import { describe, expect, it } from 'vitest';
import { CheckpointValueError, type ChannelVersions } from '../../../engine/checkpoint/types';
import { cfg, makeCheckpoint, meta, putChain } from '../../../engine/checkpoint/conformance/fixtures';
import { AppDatabase } from '../app-database';
import { IndexedDBSaver } from '../saver';
import { freshName, openRaw } from './utils';

describe('AppDatabase threads', () => {
  it('lists threads with graph id, status facts, step, count and last update', async () => {
    const app = new AppDatabase({ dbName: freshName('threads') });
    const saver = app.saver;
    const put = (thread: string, n: number, extra: Record<string, unknown> = {}, ns = '') =>
      saver.put(cfg(thread, ns), makeCheckpoint(n, { n }, { n }), meta(n - 2, { graph_id: 'g-' + thread, ...extra }), { n });
    await put('idle', 1);
    const i2 = await put('paused', 2);
    await saver.putWrites(i2, [['__interrupt__', { value: 'ask' }]], 'task');
    await put('failed', 3);
    const f4 = await put('failed', 4);
    await saver.putWrites(f4, [['__error__', { message: 'boom' }]], 'task');
    await put('failed', 9, {}, 'sub:1'); // a subgraph checkpoint: newer, but not the root's status
    await app.setThreadRunning('busy', true);
    await put('busy', 5, { graph_id: 7 });
    await app.setThreadRunning('fresh', true, 'g-fresh'); // no checkpoint yet
    await app.setThreadRunning('fresh', false);

    const rows = Object.fromEntries((await app.listThreads()).map((r) => [r.threadId, r]));
    expect(Object.keys(rows).sort()).toEqual(['busy', 'failed', 'fresh', 'idle', 'paused']);
    const quiet = { running: false, error: false, interrupted: false };
    expect(rows.fresh).toMatchObject({ graphId: 'g-fresh', ...quiet, step: null, checkpointCount: 0 });
    expect(rows.idle).toMatchObject({ graphId: 'g-idle', ...quiet, step: -1, checkpointCount: 1 });
    expect(rows.paused).toMatchObject({ ...quiet, interrupted: true, step: 0 });
    expect(rows.failed).toMatchObject({ graphId: 'g-failed', ...quiet, error: true, step: 2, checkpointCount: 2 });
    expect(rows.failed!.updatedAt).toBe(makeCheckpoint(9, {}).ts);
    expect(rows.busy).toMatchObject({ running: true, error: false, graphId: null });
    await app.setThreadRunning('busy', false);
    expect((await app.listThreads()).find((r) => r.threadId === 'busy')?.running).toBe(false);
    app.close();
  });

  it('stores trace events per run in append order', async () => {
    const app = new AppDatabase({ dbName: freshName('trace') });
    // Run ids that sort opposite to their start order.
    await app.appendTrace('t', [{ runId: 'z-first', seq: 0 }, { runId: 'z-first', seq: 1 }, { runId: 'a-second', seq: 0 }]);
    await app.setThreadRunning('t', true, 'g'); // keeps the trace counter
    await app.appendTrace('t', [{ runId: 'z-first', seq: 2 }, { runId: 'a-second', seq: 1 }]);
    await app.appendTrace('other', [{ runId: 'z-first', seq: 0, other: true }]);
    expect(await app.readTrace('t', 'z-first')).toEqual([{ runId: 'z-first', seq: 0 }, { runId: 'z-first', seq: 1 }, { runId: 'z-first', seq: 2 }]);
    expect(await app.readTrace('t', 'a-second')).toEqual([{ runId: 'a-second', seq: 0 }, { runId: 'a-second', seq: 1 }]);
    expect(await app.readTrace('t')).toEqual([
      { runId: 'z-first', seq: 0 }, { runId: 'z-first', seq: 1 }, { runId: 'z-first', seq: 2 },
      { runId: 'a-second', seq: 0 }, { runId: 'a-second', seq: 1 },
    ]);
    await expect(app.appendTrace('t', [{ runId: 'z-first' }, { runId: 'z-first', fn: () => 1 }])).rejects.toBeInstanceOf(CheckpointValueError);
    expect((await app.readTrace('t', 'z-first')).length).toBe(3);
    await app.appendTrace('t', ['no run id']);
    expect((await app.readTrace('t')).at(-1)).toBe('no run id');
    app.close();
  });

  it('deleteThread removes checkpoints, blobs, writes, rows, flags and traces of every namespace; the saver\'s only the checkpoint data', async () => {
    const name = freshName('delete');
    const app = new AppDatabase({ dbName: name });
    const saver = app.saver;
    for (const thread of ['gone', 'kept']) {
      const [c1] = await putChain(saver, thread, '', 2);
      await putChain(saver, thread, 'sub:1', 2, 10);
      // A value too large to be kept inline: a blob.
      await saver.put(cfg(thread, 'sub:2'), makeCheckpoint(20, { big: 'x'.repeat(1000) }), meta(0), { big: 1 });
      await saver.putWrites(c1!, [['a', 1], ['__error__', 'x']], 'task');
      await app.setThreadRunning(thread, true);
      await app.appendTrace(thread, [{ runId: 'r' }]);
    }
    await putChain(saver, 'checkpoints-only', '', 2);
    await app.appendTrace('checkpoints-only', [{ runId: 'r' }]);
    await app.deleteThread('gone');
    await saver.deleteThread('checkpoints-only');
    app.close();
    const db = await openRaw(name);
    const owners = async (store: 'checkpoints' | 'blobs' | 'writes' | 'rows' | 'threads' | 'trace_chunks') =>
      [...new Set((await db.getAll(store)).map((r) => r.thread_id))].sort();
    for (const store of ['checkpoints', 'blobs', 'writes', 'rows'] as const) expect(await owners(store)).toEqual(['kept']);
    // The checkpointer's deleteThread leaves the app's records of the thread to the app.
    for (const store of ['threads', 'trace_chunks'] as const) expect(await owners(store)).toEqual(['checkpoints-only', 'kept']);
    db.close();
  });

  it('names a thread without changing its other fields, removes the name with an empty one, and drops it with the thread', async () => {
    const app = new AppDatabase({ dbName: freshName('names') });
    const saver = app.saver;
    await putChain(saver, 'named', '', 3);
    await putChain(saver, 'other', '', 1);
    await app.setThreadRunning('named', false, 'g-named');
    const before = (await app.listThreads()).find((r) => r.threadId === 'named')!;
    expect(before.name).toBeUndefined();
    await app.setThreadName('named', 'Essay, second try');
    const after = (await app.listThreads()).find((r) => r.threadId === 'named')!;
    expect(after).toEqual({ ...before, name: 'Essay, second try' });
    // Later flag changes and trace appends keep the name.
    await app.setThreadRunning('named', true);
    await app.appendTrace('named', [{ runId: 'r', seq: 0 }]);
    await app.setThreadRunning('named', false);
    expect((await app.listThreads()).find((r) => r.threadId === 'named')!.name).toBe('Essay, second try');
    // A thread known only by its checkpoints can be named too; its update time stays its checkpoint's.
    const otherBefore = (await app.listThreads()).find((r) => r.threadId === 'other')!;
    await app.setThreadName('other', 'x');
    expect((await app.listThreads()).find((r) => r.threadId === 'other')).toEqual({ ...otherBefore, name: 'x' });
    await app.setThreadName('other', '');
    expect((await app.listThreads()).find((r) => r.threadId === 'other')!.name).toBeUndefined();
    await app.deleteThread('named');
    await putChain(saver, 'named', '', 1);
    expect((await app.listThreads()).find((r) => r.threadId === 'named')!.name).toBeUndefined();
  });

  it('keeps a large value once per version as a blob, and small ones inline in each record that holds their version', async () => {
    const name = freshName('layout');
    const saver = new IndexedDBSaver({ dbName: name });
    const big = 'x'.repeat(1000);
    let parent = cfg('t');
    for (let n = 1; n <= 20; n++) {
      const values = n === 1 ? { counter: 0, big, note: 'short' } : { counter: n - 1 };
      const newVersions: ChannelVersions = n === 1 ? { counter: 1, big: 1, note: 1 } : { counter: n };
      parent = await saver.put(parent, makeCheckpoint(n, values, { counter: n, big: 1, note: 1 }), meta(n - 2), newVersions);
    }
    saver.close();
    const db = await openRaw(name);
    const records = (await db.getAll('checkpoints')).sort((a, b) => a.checkpoint_id.localeCompare(b.checkpoint_id));
    expect(records.length).toBe(20);
    expect(records.every((r) => Object.keys(r.checkpoint.channel_values).length === 0)).toBe(true);
    expect((await db.getAll('blobs')).map((b) => [b.channel, b.version])).toEqual([['big', 1]]);
    // The counter's own version, and the note inherited from the first record, unchanged since.
    records.forEach((r, i) => expect(r.inline).toEqual({ counter: [i + 1, i], note: [1, 'short'] }));
    db.close();
    const read = new IndexedDBSaver({ dbName: name });
    const values = (await read.getTuple(cfg('t')))!.checkpoint.channel_values;
    expect(values).toEqual({ counter: 19, big, note: 'short' });
    expect(await read.countStoredVersions('t')).toBe(22); // counter ×20, big ×1, note ×1
    read.close();
  });

  it('a put inherits inline values from the checkpoint it is put on: a fork from an older one, or one stored with blobs only', async () => {
    const name = freshName('inherit');
    const saver = new IndexedDBSaver({ dbName: name });
    const c1 = await saver.put(cfg('t'), makeCheckpoint(1, { a: 'one', b: 0 }), meta(-1), { a: 1, b: 1 });
    const c2 = await saver.put(c1, makeCheckpoint(2, { a: 'two' }, { a: 2, b: 1 }), meta(0), { a: 2 });
    // A fork of c1: `a` is c1's version again, inherited from c1, not c2.
    const fork = await saver.put(c1, makeCheckpoint(3, { b: 5 }, { a: 1, b: 2 }), meta(0), { b: 2 });
    saver.close();
    // A record as an earlier version of the app stored it: its values in blobs, no `inline`.
    const db = await openRaw(name);
    const old = (await db.get('checkpoints', ['t', '', c2.configurable!.checkpoint_id!]))!;
    delete old.inline;
    old.checkpoint_id = makeCheckpoint(4, {}).id;
    old.checkpoint.id = old.checkpoint_id;
    old.checkpoint.channel_versions = { a: 9, b: 1, gone: 3 };
    await db.put('checkpoints', old);
    await db.put('blobs', { thread_id: 't', checkpoint_ns: '', channel: 'a', version: 9, value: 'nine' });
    await db.put('blobs', { thread_id: 't', checkpoint_ns: '', channel: 'b', version: 1, value: 0 });
    db.close();
    const again = new IndexedDBSaver({ dbName: name });
    const c5 = await again.put(cfg('t', '', old.checkpoint_id), makeCheckpoint(5, { c: true }, { a: 9, b: 1, c: 1 }), meta(1), { c: 1 });
    const values = async (config: typeof c1) => (await again.getTuple(config))!.checkpoint.channel_values;
    expect(await values(c2)).toEqual({ a: 'two', b: 0 });
    expect(await values(fork)).toEqual({ a: 'one', b: 5 });
    expect(await values(cfg('t', '', old.checkpoint_id))).toEqual({ a: 'nine', b: 0 });
    expect(await values(c5)).toEqual({ a: 'nine', b: 0, c: true });
    const listed = [];
    for await (const t of again.list(cfg('t'))) listed.push([t.checkpoint.id, t.checkpoint.channel_values]);
    expect(listed).toEqual([[makeCheckpoint(5, {}).id, { a: 'nine', b: 0, c: true }], [old.checkpoint_id, { a: 'nine', b: 0 }], [fork.configurable!.checkpoint_id, { a: 'one', b: 5 }], [c2.configurable!.checkpoint_id, { a: 'two', b: 0 }], [c1.configurable!.checkpoint_id, { a: 'one', b: 0 }]]);
    again.close();
  });
});
