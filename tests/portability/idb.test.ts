/**
 * Export/import through the IndexedDBSaver and its AppDatabase (on fake-indexeddb): the same history comes back, across
 * savers in both directions, and a refused import leaves the database as it was.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/checkpoint/idb';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { BaseCheckpointSaver, CheckpointTuple } from '../../src/engine/checkpoint/types';
import { exportThread, importLangGraphHistory, importThread, serializeThreadExport } from '../../src/worker/portability';
import { fixtureExtras, snapshotSaver, writeFixtureThread } from './fixtures';
import { branchedHistory } from './langgraph-fixtures';

let n = 0;
/** A fresh app database and its checkpointer. */
const newIdb = () => {
  const app = new AppDatabase({ dbName: `portability-${n++}` });
  return { app, idb: app.saver };
};
const NOW = new Date('2026-11-29T12:00:00.000Z');

async function tuples(saver: BaseCheckpointSaver, threadId: string): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of saver.list({ configurable: { thread_id: threadId } })) out.push(t);
  return out;
}

async function exportText(saver: BaseCheckpointSaver, threadId: string): Promise<string> {
  const r = await exportThread(saver, threadId, { ...fixtureExtras(threadId), now: NOW });
  if (!r.ok) throw new Error(r.error.message);
  return serializeThreadExport(r.document);
}

describe('export/import with IndexedDBSaver', () => {
  it('MemorySaver → file → IndexedDBSaver → file gives the same history and the same file', async () => {
    const memory = new MemorySaver();
    await writeFixtureThread(memory, 't1');
    const text = await exportText(memory, 't1');
    const { app, idb } = newIdb();
    const r = await importThread(idb, text, { writeExtras: (extras) => app.appendTrace(extras.threadId, extras.trace) });
    expect(r.ok).toBe(true);
    expect(await tuples(idb, 't1')).toEqual(await tuples(memory, 't1'));
    expect(await exportText(idb, 't1')).toBe(text);
    expect(await app.readTrace('t1')).toEqual(fixtureExtras('t1').trace);
  });

  it('IndexedDBSaver → file → MemorySaver keeps the history', async () => {
    const { idb } = newIdb();
    await writeFixtureThread(idb, 'src');
    const memory = new MemorySaver();
    expect((await importThread(memory, await exportText(idb, 'src'))).ok).toBe(true);
    expect(await tuples(memory, 'src')).toEqual(await tuples(idb, 'src'));
  });

  it('a refused or failed import leaves the database unchanged', async () => {
    const { app, idb } = newIdb();
    await writeFixtureThread(idb, 'keep');
    const text = await exportText(idb, 'keep');
    const before = await snapshotSaver(idb, ['keep', 'copy']);
    const traceBefore = await app.readTrace('keep');
    expect((await importThread(idb, text)).ok).toBe(false); // exists
    expect((await importThread(idb, text.slice(0, text.length / 2), { threadId: 'copy' })).ok).toBe(false); // truncated
    const failed = await importThread(idb, text, {
      threadId: 'copy',
      // As the worker does: the app database removes the trace written before the failure too.
      rollback: (threadId) => app.deleteThread(threadId),
      writeExtras: async (extras) => {
        await app.appendTrace(extras.threadId, extras.trace);
        throw new Error('run store unavailable');
      },
    });
    expect(failed).toMatchObject({ ok: false, error: { code: 'write-failed' } });
    expect(await snapshotSaver(idb, ['keep', 'copy'])).toEqual(before);
    expect(await app.readTrace('keep')).toEqual(traceBefore);
    expect(await app.readTrace('copy')).toEqual([]);
  });

  it('imports a LangGraph history read-only', async () => {
    const { idb } = newIdb();
    const r = await importLangGraphHistory(idb, JSON.stringify(branchedHistory()));
    expect(r).toMatchObject({ ok: true, summary: { readOnly: true } });
    const all = await tuples(idb, 'lg-thread');
    expect(all.every((t) => t.metadata?.imported_from === 'langgraph')).toBe(true);
  });
});
