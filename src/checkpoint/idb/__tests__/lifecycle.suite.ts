/** Connection lifecycle (blocking, blocked, reopen) and failed transactions. */
import { describe, expect, it } from 'vitest';
import { CheckpointValueError } from '../../../engine/checkpoint/types';
import { cfg, cpId, listAll, makeCheckpoint, meta, putChain } from '../../../engine/checkpoint/conformance/fixtures';
import { DbConnection } from '../connection';
import { CheckpointStorageError } from '../errors';
import { openAppDb } from '../open';
import { AppDatabase } from '../app-database';
import { IndexedDBSaver } from '../saver';
import type { WriteOp } from '../write-ops';
import { DB_VERSION } from '../schema';
import { freshName, openAtVersion, openRaw, terminationEvent, withPatchedPut } from './utils';

describe('IndexedDB connection lifecycle', () => {
  it('closes when a newer version wants to open, then reports that the page must reload', async () => {
    const name = freshName('blocking');
    const saver = new IndexedDBSaver({ dbName: name });
    await putChain(saver, 't', '', 1);
    // Would reject as "blocked" if the saver kept its connection open.
    const newer = await openRaw(name, DB_VERSION + 1);
    const attempt = saver.getTuple(cfg('t'));
    await expect(attempt).rejects.toBeInstanceOf(CheckpointStorageError);
    await expect(saver.getTuple(cfg('t'))).rejects.toMatchObject({ failure: 'version' });
    await expect(saver.getTuple(cfg('t'))).rejects.toThrow(/reload/);
    newer.close();
  });

  it('rejects with a clear error while an old connection blocks the upgrade, and recovers after', async () => {
    const name = freshName('blocked');
    const old = await openAtVersion(name, 2); // an old tab that ignores versionchange
    const saver = new IndexedDBSaver({ dbName: name });
    await expect(saver.getTuple(cfg('t'))).rejects.toMatchObject({ failure: 'blocked' });
    await expect(saver.put(cfg('t'), makeCheckpoint(1, { a: 1 }), meta(0), { a: 1 })).rejects.toThrow(/other tabs/);
    old.close();
    // Any later open is queued behind the saver's waiting upgrade: once it opens, that is done.
    (await openRaw(name)).close();
    await saver.put(cfg('t'), makeCheckpoint(1, { a: 1 }), meta(0), { a: 1 });
    expect((await saver.getTuple(cfg('t')))?.checkpoint.channel_values).toEqual({ a: 1 });
    saver.close();
  });

  it('reopens after its connection was closed', async () => {
    const saver = new IndexedDBSaver({ dbName: freshName('reopen') });
    await putChain(saver, 't', '', 2);
    saver.close();
    expect((await listAll(saver, cfg('t'))).length).toBe(2);
    saver.close();
  });
});

describe('IndexedDB failed transactions', () => {
  it('a refused write (quota) rejects clearly and stores nothing of that checkpoint', async () => {
    const saver = new IndexedDBSaver({ dbName: freshName('quota') });
    const [c1] = await putChain(saver, 't', '', 1);
    const storedBefore = await saver.countStoredVersions('t');
    await withPatchedPut((original) => function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if ((value as { channel?: string }).channel === 'big') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.call(this, value, key);
    }, async () => {
      const next = makeCheckpoint(2, { counter: 1, big: 'x'.repeat(1000) }, { counter: 2, fixed: 1, big: 1 });
      const attempt = saver.put(c1!, next, meta(1), { counter: 2, big: 1 });
      await expect(attempt).rejects.toMatchObject({ name: 'CheckpointStorageError', failure: 'quota' });
    });
    await expect(saver.put(c1!, makeCheckpoint(2, { big: () => 1 }), meta(1), { big: 1 })).rejects.toBeInstanceOf(CheckpointValueError);
    expect(await saver.countStoredVersions('t')).toBe(storedBefore);
    const latest = await saver.getTuple(cfg('t'));
    expect(latest?.checkpoint.id).toBe(cpId(1));
    expect(latest?.checkpoint.channel_values).toEqual({ counter: 0, fixed: 'unchanged' });
    saver.close();
  });

  it('a transaction aborted at commit rejects clearly and keeps earlier checkpoints and writes', async () => {
    const saver = new IndexedDBSaver({ dbName: freshName('abort') });
    const [c1] = await putChain(saver, 't', '', 1);
    await saver.putWrites(c1!, [['counter', 'kept']], 'task');
    await withPatchedPut((original) => function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const request = original.call(this, value, key);
      // The browser aborting the transaction after accepting the request (as on quota at commit).
      request.addEventListener('success', () => this.transaction.abort());
      return request;
    }, async () => {
      await expect(saver.putWrites(c1!, [['counter', 'lost'], ['__interrupt__', 'lost']], 'task-2'))
        .rejects.toMatchObject({ name: 'CheckpointStorageError', failure: 'aborted' });
      await expect(saver.put(c1!, makeCheckpoint(2, { counter: 1 }, { counter: 2, fixed: 1 }), meta(1), { counter: 2 }))
        .rejects.toBeInstanceOf(CheckpointStorageError);
    });
    const tuple = await saver.getTuple(cfg('t'));
    expect(tuple?.checkpoint.id).toBe(cpId(1));
    expect(tuple?.pendingWrites).toEqual([['task', 'counter', 'kept']]);
    saver.close();
  });
});

describe('openAppDb', () => {
  it('closes its connection when a newer version wants to open', async () => {
    const name = freshName('app');
    const db = await openAppDb(name);
    expect(db.version).toBe(DB_VERSION);
    const newer = await openRaw(name, DB_VERSION + 1); // rejects as "blocked" if db stayed open
    expect(newer.version).toBe(DB_VERSION + 1);
    newer.close();
  });
});

describe('DbConnection', () => {
  it('reopens on next use after the browser terminated the connection', async () => {
    const conn = new DbConnection(freshName('terminated'));
    const first = await conn.get();
    // What the browser fires when it closes a connection abnormally (idb calls `terminated`).
    first.dispatchEvent(terminationEvent());
    const second = await conn.get();
    expect(second).not.toBe(first);
    const tx = await conn.transaction(['meta'], 'readwrite');
    await Promise.all([tx.objectStore('meta').put({ key: 'k', value: 1 }), tx.done]);
    expect(await second.get('meta', 'k')).toEqual({ key: 'k', value: 1 });
    conn.close();
    first.close();
  });
});

describe('AppDatabase group commit', () => {
  it('stores a group of puts and putWrites in one transaction: all of them, or none when one fails', async () => {
    const app = new AppDatabase({ dbName: freshName('group') });
    const put = (n: number): WriteOp => ({ kind: 'put', config: cfg('t', '', n > 1 ? cpId(n - 1) : undefined), checkpoint: makeCheckpoint(n, { a: n }, { a: n }), metadata: meta(n), newVersions: { a: n } });
    const writes = (n: number, value: unknown): WriteOp => ({ kind: 'writes', config: cfg('t', '', cpId(n)), writes: [['a', value]], taskId: `task-${n}` });
    await app.writeBatch([put(1), writes(1, 'w1'), put(2)]);
    expect((await listAll(app.saver, cfg('t'))).map((t) => [t.checkpoint.id, t.pendingWrites])).toEqual([[cpId(2), []], [cpId(1), [['task-1', 'a', 'w1']]]]);
    // The writes of checkpoint 3 cannot be cloned: checkpoint 3 and 4, sent with them, are not stored either.
    await expect(app.writeBatch([put(3), writes(3, () => 1), put(4)])).rejects.toBeInstanceOf(CheckpointValueError);
    expect((await listAll(app.saver, cfg('t'))).map((t) => t.checkpoint.id)).toEqual([cpId(2), cpId(1)]);
    app.close();
  });
});
