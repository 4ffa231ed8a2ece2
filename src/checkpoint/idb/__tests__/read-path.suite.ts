/**
 * The read path of a big thread: listings read in chunks and stopped at the limit, namespaces
 * counted without reading checkpoints, and the trace events about one checkpoint read through the
 * `by_topic` index (the same events, in the same order, as filtering the whole trace).
 */
import { describe, expect, it } from 'vitest';
import { cfg, cpId, ids, listAll, makeCheckpoint, meta } from '../../../engine/checkpoint/conformance/fixtures';
import { AppDatabase } from '../app-database';
import { IndexedDBSaver } from '../saver';
import { eventsAbout } from '../trace-keys';
import { TRACE_CHUNK_EVENTS } from '../trace-chunks';
import { freshName, openAtVersion, openRaw } from './utils';

/** A trace record as the worker stores it, wrapping an engine event. */
const rec = (runId: string, seq: number, event: Record<string, unknown>) => ({ runId, seq, kind: 'trace', event: { runId, checkpointNs: '', ...event } });

/**
 * Two runs over a root namespace and a subgraph namespace: an interrupted tick from C1 (no save),
 * a resume write put against C1 outside any tick, a completed tick from C1, a subgraph tick that
 * stays open across a root tick, and a non-trace record.
 */
function twoRuns(): unknown[] {
  const r1 = (seq: number, e: Record<string, unknown>) => rec('r1', seq, e);
  const r2 = (seq: number, e: Record<string, unknown>) => rec('r2', seq, e);
  return [
    { runId: 'r1', seq: 0, kind: 'run', run: { runId: 'r1' } },
    r1(1, { type: '@engine.run.start', checkpointId: null }),
    r1(2, { type: '@engine.tick.start', checkpointId: 'C0' }),
    r1(3, { type: '@engine.writes.put', checkpointId: 'C0', taskId: 'a', channels: ['x'] }),
    r1(4, { type: '@engine.checkpoint.saved', checkpointId: 'C1' }),
    r1(5, { type: '@engine.tick.start', checkpointId: 'C1' }),
    r1(6, { type: '@engine.task.prepared', taskId: 'b', name: 'b' }),
    r1(7, { type: '@engine.tick.start', checkpointId: 'S0', checkpointNs: 'sub:1' }),
    r1(8, { type: '@engine.writes.put', checkpointId: 'C1', taskId: 'b', channels: ['__interrupt__'] }),
    r1(9, { type: '@engine.task.run', taskId: 's', checkpointNs: 'sub:1' }),
    r1(10, { type: '@engine.run.end', checkpointId: 'C1' }),
    r2(0, { type: '@engine.run.start', checkpointId: 'C1' }),
    r2(1, { type: '@engine.writes.put', checkpointId: 'C1', taskId: 'null', channels: ['__resume__'] }),
    r2(2, { type: '@engine.tick.start', checkpointId: 'C1' }),
    r2(3, { type: '@engine.write.skipped', taskId: 'b', channel: '__interrupt__' }),
    r2(4, { type: '@engine.checkpoint.saved', checkpointId: 'C2' }),
    r2(5, { type: '@engine.checkpoint.saved', checkpointId: 'S1', checkpointNs: 'sub:1' }),
    r2(6, { type: '@engine.run.end', checkpointId: 'C2' }),
  ];
}

describe('IndexedDBSaver read path', () => {
  it('reads the events about a checkpoint through the index, as filtering the whole trace does', async () => {
    const app = new AppDatabase({ dbName: freshName('trace-index') });
    const events = twoRuns();
    // Appended in three calls, the middle one splitting the open tick from C1.
    await app.appendTrace('t', events.slice(0, 7));
    await app.appendTrace('t', events.slice(7, 12));
    await app.appendTrace('t', events.slice(12));
    const all = await app.readTrace('t');
    expect(all).toEqual(events);
    const seqs = (list: unknown[]) => list.map((e) => `${(e as { runId: string }).runId}:${(e as { seq: number }).seq}`);
    for (const [ns, id] of [['', 'C0'], ['', 'C1'], ['', 'C2'], ['sub:1', 'S0'], ['sub:1', 'S1']] as const) {
      expect(await app.readCheckpointTrace('t', ns, id)).toEqual(eventsAbout('t', all, ns, id));
    }
    // The ticks from C1 with their closing boundaries and the writes put against it, nothing else.
    expect(seqs(await app.readCheckpointTrace('t', '', 'C1'))).toEqual(['r1:5', 'r1:6', 'r1:8', 'r1:10', 'r2:1', 'r2:2', 'r2:3', 'r2:4']);
    // The subgraph tick stayed open over the root's run end and closed at its own save.
    expect(seqs(await app.readCheckpointTrace('t', 'sub:1', 'S0'))).toEqual(['r1:7', 'r1:9', 'r2:5']);
    expect(await app.readCheckpointTrace('t', '', 'C9')).toEqual([]);
    expect(await app.readCheckpointTrace('other', '', 'C1')).toEqual([]);
    app.close();
  });

  it('keeps the open tick of a thread across savers (a reload between two appends)', async () => {
    const name = freshName('open-tick');
    const events = twoRuns();
    const firstApp = new AppDatabase({ dbName: name });
    await firstApp.appendTrace('t', events.slice(0, 7));
    firstApp.close();
    const secondApp = new AppDatabase({ dbName: name });
    await secondApp.appendTrace('t', events.slice(7));
    expect(await secondApp.readCheckpointTrace('t', '', 'C1')).toEqual(eventsAbout('t', events, '', 'C1'));
    await secondApp.deleteThread('t');
    expect(await secondApp.readCheckpointTrace('t', '', 'C1')).toEqual([]);
    secondApp.close();
  });

  it('tags the trace records of a version-4 database when it is upgraded', async () => {
    const name = freshName('v4-traces');
    const v4 = await openAtVersion(name, 4);
    const events = twoRuns();
    const tx = v4.transaction(['traces', 'threads'], 'readwrite');
    await Promise.all([
      ...events.slice(0, 7).map((event, seq) => tx.objectStore('traces').put({ thread_id: 't', run_id: (event as { runId: string }).runId, seq, event })),
      tx.objectStore('threads').put({ thread_id: 't', running: false, trace_seq: 6, updated_at: '2026-01-01T00:00:00.000Z' }),
      tx.done,
    ]);
    v4.close();
    const app = new AppDatabase({ dbName: name });
    // The open tick from C1 found by the upgrade carries on into later appends.
    await app.appendTrace('t', events.slice(7));
    expect(await app.readTrace('t')).toEqual(events);
    for (const id of ['C0', 'C1', 'C2']) expect(await app.readCheckpointTrace('t', '', id)).toEqual(eventsAbout('t', events, '', id));
    app.close();
  });

  it('reads the run summary records and slices of one run without the rest of the trace', async () => {
    const app = new AppDatabase({ dbName: freshName('runs') });
    const events = twoRuns();
    const summary2 = { runId: 'r2', seq: 7, kind: 'run', run: { runId: 'r2' } };
    await app.appendTrace('t', [...events, summary2]);
    await app.appendTrace('u', [{ runId: 'r9', seq: 0, kind: 'run', run: { runId: 'r9' } }]);
    expect(await app.readRunRecords('t')).toEqual([events[0], summary2]);
    const r2 = (await app.readTrace('t', 'r2'));
    expect(await app.readRunSlice('t', 'r2', 0, 3)).toEqual(r2.slice(0, 3));
    expect(await app.readRunSlice('t', 'r2', 5, 100)).toEqual(r2.slice(5));
    expect(await app.readRunSlice('t', 'r2', 50, 3)).toEqual([]);
    expect(await app.readRunSlice('t', 'nope', 0, 3)).toEqual([]);
    app.close();
  });

  it('stores a long append in chunks of one run each: whole-thread order, slices across chunk ends, topics', async () => {
    const app = new AppDatabase({ dbName: freshName('trace-chunks') });
    // Two runs interleaved in one append (as a recovery's run record can be), each longer than a chunk.
    const n = TRACE_CHUNK_EVENTS + 40;
    // In two namespaces, so each run's ticks stay its own whatever the interleaving.
    const steps = (runId: string, base: string, checkpointNs: string) => Array.from({ length: n }, (_, i) =>
      rec(runId, i, { checkpointNs, ...(i % 2 === 0 ? { type: '@engine.tick.start', checkpointId: `${base}${i}` } : { type: '@engine.checkpoint.saved', checkpointId: `${base}${i + 1}` }) }));
    const a = steps('ra', 'A', '');
    const b = steps('rb', 'B', 'sub:1');
    const mixed = a.flatMap((e, i) => [e, b[i]!]);
    await app.appendTrace('t', mixed.slice(0, 100));
    await app.appendTrace('t', mixed.slice(100));
    // Runs grouped, in the order they started; each run's events in append order.
    expect(await app.readTrace('t')).toEqual([...a, ...b]);
    expect(await app.readTrace('t', 'rb')).toEqual(b);
    for (const [from, count] of [[0, 5], [45, 10], [TRACE_CHUNK_EVENTS - 3, 7], [TRACE_CHUNK_EVENTS, 1], [n - 2, 10], [0, n + 5], [n, 3]] as const) {
      expect(await app.readRunSlice('t', 'ra', from, count)).toEqual(a.slice(from, from + count));
    }
    // A tick from A60 holds its start and the save that closes it, whichever chunk they are in.
    expect(await app.readCheckpointTrace('t', '', 'A60')).toEqual(eventsAbout('t', [...a, ...b], '', 'A60'));
    expect(await app.readCheckpointTrace('t', '', 'A60')).toEqual([a[60], a[61]]);
    expect(await app.readCheckpointTrace('t', 'sub:1', `B${n - 2}`)).toEqual([b[n - 2], b[n - 1]]);
    app.close();
  });

  it('chunks the single-event trace records of a version-7 database when it is upgraded', async () => {
    const name = freshName('v7-traces');
    const v7 = await openAtVersion(name, 7);
    const events = twoRuns();
    const long = Array.from({ length: TRACE_CHUNK_EVENTS + 10 }, (_, i) => rec('r3', i, { type: '@engine.task.run', taskId: `t${i}` }));
    const all = [...events, ...long];
    const tx = v7.transaction(['traces', 'threads'], 'readwrite');
    await Promise.all([
      // Stored as version 7 stored them: one record per event, keyed (thread, run, seq), seq counted per thread.
      ...all.map((event, seq) => tx.objectStore('traces').put({ thread_id: 't', run_id: (event as { runId: string }).runId, seq, event })),
      tx.objectStore('threads').put({ thread_id: 't', running: false, trace_seq: all.length - 1, updated_at: '2026-01-01T00:00:00.000Z' }),
      tx.done,
    ]);
    v7.close();
    const app = new AppDatabase({ dbName: name });
    expect(await app.readTrace('t')).toEqual(all);
    for (const id of ['C0', 'C1', 'C2']) expect(await app.readCheckpointTrace('t', '', id)).toEqual(eventsAbout('t', all, '', id));
    expect(await app.readRunRecords('t')).toEqual([events[0]]);
    expect(await app.readRunSlice('t', 'r3', TRACE_CHUNK_EVENTS - 2, 5)).toEqual(long.slice(TRACE_CHUNK_EVENTS - 2, TRACE_CHUNK_EVENTS + 3));
    // Appends after the upgrade continue each run and the thread's order.
    const more = rec('r3', long.length, { type: '@engine.task.run', taskId: 'last' });
    await app.appendTrace('t', [more]);
    expect(await app.readRunSlice('t', 'r3', long.length, 5)).toEqual([more]);
    expect(await app.readTrace('t')).toEqual([...all, more]);
    app.close();
    const raw = await openRaw(name);
    expect([...raw.objectStoreNames]).not.toContain('traces');
    raw.close();
  });

  it('reads a checkpoint with its parent, its trace and its children in one view, as the separate reads give them', async () => {
    const app = new AppDatabase({ dbName: freshName('view') });
    const saver = app.saver;
    const c1 = await saver.put(cfg('t', ''), makeCheckpoint(1, { a: 1 }, { a: 1 }), meta(1), { a: 1 });
    await saver.putWrites(c1, [['a', 10], ['b', 'x']], 'task-1');
    const c2 = await saver.put(c1, makeCheckpoint(2, { a: 2 }, { a: 2 }), meta(2), { a: 2 });
    await saver.putWrites(c2, [['a', 20]], 'task-2');
    // Two children of c2 (a fork), and a checkpoint of another namespace under the same id.
    await saver.put(c2, makeCheckpoint(3, { a: 3 }, { a: 3 }), meta(3), { a: 3 });
    await saver.put(c2, makeCheckpoint(4, { a: 4 }, { a: 4 }), meta(3, { source: 'fork' }), { a: 4 });
    await saver.put(cfg('t', 'sub:1'), makeCheckpoint(2, { a: 9 }, { a: 9 }), meta(0), { a: 9 });
    const events = [
      rec('r1', 1, { type: '@engine.tick.start', checkpointId: cpId(2) }),
      rec('r1', 2, { type: '@engine.writes.put', checkpointId: cpId(2), taskId: 'task-2', channels: ['a'] }),
      rec('r1', 3, { type: '@engine.checkpoint.saved', checkpointId: cpId(3) }),
      rec('r1', 4, { type: '@engine.tick.start', checkpointId: cpId(3) }),
    ];
    await app.appendTrace('t', events);
    const at = (id: string) => saver.getTuple(cfg('t', '', id));
    const view = await app.readCheckpointView('t', '', cpId(2));
    expect(view?.tuple).toEqual(await at(cpId(2)));
    expect(view?.parent).toEqual(await at(cpId(1)));
    expect(view?.tuple.pendingWrites).toEqual([['task-2', 'a', 20]]);
    expect(view?.trace).toEqual(await app.readCheckpointTrace('t', '', cpId(2)));
    expect(view?.trace.length).toBeGreaterThan(0);
    expect(view?.children).toEqual(await app.readChildren('t', '', cpId(2)));
    expect(view?.children.map((c) => c.checkpoint.id).sort()).toEqual([cpId(3), cpId(4)]);
    const first = await app.readCheckpointView('t', '', cpId(1));
    expect(first?.parent).toBeUndefined();
    expect(first?.children.map((c) => c.checkpoint.id)).toEqual([cpId(2)]);
    expect(await app.readCheckpointView('t', '', cpId(99))).toBeUndefined();
    expect(await app.readCheckpointView('other', '', cpId(2))).toBeUndefined();
    app.close();
  });

  it('counts checkpoints per namespace', async () => {
    const app = new AppDatabase({ dbName: freshName('namespaces') });
    const saver = app.saver;
    for (let n = 1; n <= 5; n++) await saver.put(cfg('t', ''), makeCheckpoint(n, { a: n }), meta(n), { a: n });
    for (let n = 6; n <= 7; n++) await saver.put(cfg('t', 'sub:1'), makeCheckpoint(n, { a: n }), meta(n), { a: n });
    await saver.put(cfg('t', 'sub:1|inner:2'), makeCheckpoint(8, { a: 8 }), meta(8), { a: 8 });
    await saver.put(cfg('u', 'other'), makeCheckpoint(9, { a: 9 }), meta(9), { a: 9 });
    expect(new Map([...(await app.countNamespaces('t'))].map(([ns, c]) => [ns, c.checkpoints]))).toEqual(new Map([['', 5], ['sub:1', 2], ['sub:1|inner:2', 1]]));
    // Each namespace's newest id, read over keys.
    expect([...(await app.countNamespaces('t')).values()].map((c) => c.latest)).toEqual([cpId(5), cpId(7), cpId(8)]);
    expect(await app.countNamespaces('nobody')).toEqual(new Map());
    app.close();
  });

  it('lists a long thread in chunks: every tuple once, newest first, with its values and writes', async () => {
    const saver = new IndexedDBSaver({ dbName: freshName('chunks') });
    const count = 150; // several chunks (32, 64, …)
    let parent = cfg('t', '');
    for (let n = 1; n <= count; n++) {
      // `fixed` is written once and shared by every checkpoint; `c` changes each step.
      const versions = { fixed: 1, c: n };
      parent = await saver.put(parent, makeCheckpoint(n, { fixed: { big: 'x' }, c: n }, versions), meta(n), n === 1 ? versions : { c: n });
      if (n % 3 === 0) await saver.putWrites(parent, [['c', n * 10]], `task-${n}`);
    }
    await saver.put(cfg('t', 'sub:1'), makeCheckpoint(count + 1, { c: 0 }), meta(0), { c: 1 });
    const listed = await listAll(saver, cfg('t', ''));
    expect(ids(listed)).toEqual(Array.from({ length: count }, (_, i) => cpId(count - i)));
    for (const tuple of listed) {
      const one = await saver.getTuple(tuple.config);
      expect(tuple).toEqual(one);
    }
    // Tuples sharing a blob get their own copies.
    expect(listed[0]!.checkpoint.channel_values.fixed).not.toBe(listed[1]!.checkpoint.channel_values.fixed);
    // Across namespaces, the subgraph checkpoint comes first (newest id).
    expect(ids(await listAll(saver, cfg('t'), { limit: 2 }))).toEqual([cpId(count + 1), cpId(count)]);
    saver.close();
  });

  it('stops at the limit and pages with before across chunk boundaries', async () => {
    const saver = new IndexedDBSaver({ dbName: freshName('pages') });
    for (let n = 1; n <= 100; n++) await saver.put(cfg('t', ''), makeCheckpoint(n, { a: n }, { a: n }), meta(n), { a: n });
    const pages: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = ids(await listAll(saver, cfg('t', ''), { limit: 40, ...(before ? { before: cfg('t', '', before) } : {}) }));
      if (page.length === 0) break;
      pages.push(page);
      before = page.at(-1);
    }
    expect(pages.map((p) => p.length)).toEqual([40, 40, 20]);
    expect(pages.flat()).toEqual(Array.from({ length: 100 }, (_, i) => cpId(100 - i)));
    // A consumer that stops early gets what it asked for, and a filter is applied before the limit.
    const firstThree: string[] = [];
    for await (const t of saver.list(cfg('t', ''))) {
      firstThree.push(t.checkpoint.id);
      if (firstThree.length === 3) break;
    }
    expect(firstThree).toEqual([cpId(100), cpId(99), cpId(98)]);
    expect(ids(await listAll(saver, cfg('t', ''), { filter: { step: 7 }, limit: 5 }))).toEqual([cpId(7)]);
    saver.close();
  });
});
