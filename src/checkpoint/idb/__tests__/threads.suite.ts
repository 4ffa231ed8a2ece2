/** The thread list, the running flag, traces, and what deleteThread removes. */
import { describe, expect, it } from 'vitest';
import { CheckpointValueError } from '../../../engine/checkpoint/types';
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

  it('keeps channel values out of checkpoint records (one blob per channel version)', async () => {
    const name = freshName('layout');
    const saver = new IndexedDBSaver({ dbName: name });
    await putChain(saver, 't', '', 20);
    saver.close();
    const db = await openRaw(name);
    const records = await db.getAll('checkpoints');
    expect(records.length).toBe(20);
    expect(records.every((r) => Object.keys(r.checkpoint.channel_values).length === 0)).toBe(true);
    expect((await db.getAll('blobs')).filter((b) => b.channel === 'fixed').length).toBe(1);
    expect(await db.count('blobs')).toBe(21);
    db.close();
  });
});
