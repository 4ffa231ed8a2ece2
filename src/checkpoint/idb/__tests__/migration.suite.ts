/** Opening databases created by earlier schema versions. */
import { describe, expect, it } from 'vitest';
import { cfg, cpId, ids, listAll, makeCheckpoint, meta } from '../../../engine/checkpoint/conformance/fixtures';
import { openAppDb } from '../open';
import { AppDatabase } from '../app-database';
import { IndexedDBSaver } from '../saver';
import { DB_VERSION } from '../schema';
import { freshName, openAtVersion, openRaw } from './utils';

describe('IndexedDB schema migrations', () => {
  it('migrates a version-2 database with checkpoints: data kept, new index and stores usable', async () => {
    const name = freshName('v2');
    const v2 = await openAtVersion(name, 2);
    expect(v2.objectStoreNames.contains('threads')).toBe(false);
    expect(v2.transaction('checkpoints').store.indexNames.contains('by_thread')).toBe(false);
    // Records exactly as version 2 stored them.
    const tx = v2.transaction(['checkpoints', 'blobs', 'writes', 'meta'], 'readwrite');
    const record = (n: number, ns: string, parent?: number) => ({
      thread_id: 't1', checkpoint_ns: ns, checkpoint_id: cpId(n),
      ...(parent === undefined ? {} : { parent_id: cpId(parent) }),
      checkpoint: { ...makeCheckpoint(n, {}, { a: n }), channel_values: {} },
      metadata: meta(n, { graph_id: 'chat' }),
    });
    await Promise.all([
      tx.objectStore('checkpoints').put(record(1, '')),
      tx.objectStore('checkpoints').put(record(2, 'sub:x')),
      tx.objectStore('checkpoints').put(record(3, '', 1)),
      ...[1, 2, 3].map((n) => tx.objectStore('blobs').put({ thread_id: 't1', checkpoint_ns: n === 2 ? 'sub:x' : '', channel: 'a', version: n, value: `a${n}` })),
      tx.objectStore('writes').put({ thread_id: 't1', checkpoint_ns: '', checkpoint_id: cpId(3), task_id: 'task', writes: [{ seq: 1, idx: -3, channel: '__interrupt__', value: 'ask' }] }),
      tx.objectStore('meta').put({ key: 'created-by', value: 'v2' }),
      tx.done,
    ]);
    v2.close();

    const app = new AppDatabase({ dbName: name });
    const saver = app.saver;
    // Listing across namespaces uses the index version 3 added.
    expect(ids(await listAll(saver, cfg('t1')))).toEqual([3, 2, 1].map(cpId));
    const latest = await saver.getTuple(cfg('t1'));
    expect(latest?.checkpoint.channel_values).toEqual({ a: 'a3' });
    expect(latest?.parentConfig).toEqual(cfg('t1', '', cpId(1)));
    expect(latest?.pendingWrites).toEqual([['task', '__interrupt__', 'ask']]);
    const [thread] = await app.listThreads();
    expect(thread).toMatchObject({ threadId: 't1', graphId: 'chat', running: false, error: false, interrupted: true, step: 3, checkpointCount: 2 });
    await app.appendTrace('t1', [{ runId: 'r', type: 'x' }]);
    expect(await app.readTrace('t1')).toEqual([{ runId: 'r', type: 'x' }]);
    app.close();

    const v3 = await openRaw(name);
    expect(v3.version).toBe(DB_VERSION);
    expect(await v3.get('meta', 'created-by')).toEqual({ key: 'created-by', value: 'v2' });
    v3.close();
  });

  it('migrates the version-1 app database (meta only) keeping its records', async () => {
    const name = freshName('v1');
    const v1 = await openAtVersion(name, 1);
    expect([...v1.objectStoreNames]).toEqual(['meta']);
    await v1.put('meta', { key: 'hello', value: 1 });
    v1.close();
    const db = await openAppDb(name);
    expect(db.version).toBe(DB_VERSION);
    expect(await db.get('meta', 'hello')).toEqual({ key: 'hello', value: 1 });
    db.close();
    const saver = new IndexedDBSaver({ dbName: name });
    await saver.put(cfg('t'), makeCheckpoint(1, { a: 1 }), meta(-1), { a: 1 });
    expect((await saver.getTuple(cfg('t')))?.checkpoint.channel_values).toEqual({ a: 1 });
    saver.close();
  });
  it('migrates a version-3 database with a thread to version 4: thread kept, user graphs store usable', async () => {
    const name = freshName('v3');
    const v3 = await openAtVersion(name, 3);
    expect([...v3.objectStoreNames]).not.toContain('user_graphs');
    v3.close();
    const first = new IndexedDBSaver({ dbName: name });
    await first.put(cfg('t'), makeCheckpoint(1, { a: 1 }), meta(-1), { a: 1 });
    first.close();
    const app = new AppDatabase({ dbName: name });
    const saver = app.saver;
    expect((await saver.getTuple(cfg('t')))?.checkpoint.channel_values).toEqual({ a: 1 });
    expect(await app.listUserGraphs()).toEqual([]);
    await app.putUserGraph({ id: 'user:g', title: 'G', source: 'export default 1' });
    expect((await app.listUserGraphs()).map((g) => [g.id, g.title, g.source])).toEqual([['user:g', 'G', 'export default 1']]);
    await app.deleteUserGraph('user:g');
    expect(await app.listUserGraphs()).toEqual([]);
    app.close();
    const db = await openRaw(name);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).toContain('user_graphs');
    db.close();
  });

  it('migrates a version-6 database to version 7: checkpoints saved before have no row and list from their writes; new ones get rows', async () => {
    const name = freshName('v6');
    const v6 = await openAtVersion(name, 6);
    expect([...v6.objectStoreNames]).not.toContain('rows');
    const tx = v6.transaction(['checkpoints', 'blobs', 'writes'], 'readwrite');
    await Promise.all([
      tx.objectStore('checkpoints').put({ thread_id: 't', checkpoint_ns: '', checkpoint_id: cpId(1), checkpoint: { ...makeCheckpoint(1, {}, { a: 1 }), channel_values: {} }, metadata: meta(0) }),
      tx.objectStore('blobs').put({ thread_id: 't', checkpoint_ns: '', channel: 'a', version: 1, value: 'a1' }),
      tx.objectStore('writes').put({ thread_id: 't', checkpoint_ns: '', checkpoint_id: cpId(1), task_id: 'k', writes: [{ seq: 1, idx: 0, channel: 'a', value: 'big' }, { seq: 2, idx: -3, channel: '__interrupt__', value: 'ask' }] }),
      tx.done,
    ]);
    v6.close();

    const app = new AppDatabase({ dbName: name });
    const saver = app.saver;
    await saver.put(cfg('t', '', cpId(1)), makeCheckpoint(2, { a: 2 }), meta(1), { a: 2 });
    await saver.putWrites(cfg('t', '', cpId(2)), [['a', 3], ['__error__', 'e']], 'k2');
    // The special channel written again replaces its write: still two writes.
    await saver.putWrites(cfg('t', '', cpId(2)), [['__error__', 'e2']], 'k2');
    await app.appendTrace('t', [{ runId: 'r', kind: 'checkpoint', checkpoint: { checkpointId: cpId(2), ns: '', next: ['n'] } }]);
    const rows = await app.listRows('t', '', 10);
    expect(rows.map((r) => [r.config.configurable?.checkpoint_id, r.next, r.writes])).toEqual([
      [cpId(2), ['n'], { count: 2, interrupts: false, error: true, channels: ['a', '__error__'] }],
      // Saved before version 7: its writes are counted when read, and its `next` is not known.
      [cpId(1), undefined, { count: 2, interrupts: true, error: false, channels: ['a', '__interrupt__'] }],
    ]);
    expect(rows[0]!.parentConfig).toEqual(cfg('t', '', cpId(1)));
    // Nothing stored before was lost.
    expect((await saver.getTuple(cfg('t', '', cpId(1))))?.checkpoint.channel_values).toEqual({ a: 'a1' });
    app.close();
  });
});
