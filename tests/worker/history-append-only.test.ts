/**
 * Committed history is append-only, attacked as graph code can (it reaches its run's checkpointer,
 * so every session message is judged as if it wrote it): a put over a stored checkpoint (read by
 * the run, or never read), a put grafted onto another parent, ids and namespaces the engine never
 * makes, writes for another checkpoint than the current one. Each is refused as HISTORY_REWRITE,
 * stops the session and changes nothing stored; the ordinary writes before it (the run's own
 * steps, a subgraph starting afresh and going on) are accepted. The store itself never replaces a
 * checkpoint, whoever writes (IndexedDB `add`, the in-memory store's check).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/checkpoint/idb/index';
import { MemorySaver } from '../../src/engine/index';
import type { BaseCheckpointSaver, Checkpoint } from '../../src/engine/checkpoint/types';
import type { ToSession } from '../../src/protocol/sandbox';
import type { WireError } from '../../src/protocol/dto';
import { createMemoryStore } from '../../src/worker/memory-store';
import { serveSession } from '../../src/worker/sandbox/session';
import type { WriteOp } from '../../src/checkpoint/idb/write-ops';

const ports: { close(): void }[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

const id = (n: number) => `1f0a0000-0000-6000-8000-${String(n).padStart(12, '0')}`;
const TASK = '5c1e9f47-7747-582e-94dc-aee10fb47c03';
const SUB = `sub:${TASK}`;
const checkpoint = (cid: string, n: number): Checkpoint => ({ v: 4, id: cid, ts: '2026-01-01T00:00:00.000Z', channel_values: { n }, channel_versions: { n }, versions_seen: {} });
const meta = (step: number) => ({ source: 'loop' as const, step, parents: {} });
const put = (rid: number, ns: string, cid: string, parent: string | undefined, n = 7) => ({
  type: 'cp/put', rid, config: { configurable: { thread_id: 'mine', checkpoint_ns: ns, ...(parent ? { checkpoint_id: parent } : {}) } },
  checkpoint: checkpoint(cid, n), metadata: meta(n), newVersions: { n },
});
const writes = (rid: number, ns: string, cid: string, taskId = TASK) => ({
  type: 'cp/putWrites', rid, config: { configurable: { thread_id: 'mine', checkpoint_ns: ns, checkpoint_id: cid } }, writes: [['n', 99]], taskId,
});
const getTuple = (rid: number, ns = '', cid?: string) => ({ type: 'cp/getTuple', rid, config: { configurable: { thread_id: 'mine', checkpoint_ns: ns, ...(cid ? { checkpoint_id: cid } : {}) } } });

type Backend = { name: string; make(): { saver: BaseCheckpointSaver; writeBatch(ops: readonly WriteOp[]): Promise<void> } };
let dbs = 0;
const BACKENDS: Backend[] = [
  { name: 'in memory', make: () => { const saver = new MemorySaver(); return { saver, writeBatch: createMemoryStore(saver).writeBatch }; } },
  { name: 'IndexedDB (fake-indexeddb)', make: () => { const app = new AppDatabase({ dbName: `append-${process.pid}-${++dbs}` }); return { saver: app.saver, writeBatch: (ops) => app.writeBatch(ops) }; } },
];

/** A thread "mine" with checkpoints 1 → 2 (2 is the head, with a pending write), and a session of a run starting at 2. */
async function setup(backend: Backend) {
  const { saver, writeBatch } = backend.make();
  const c1 = await saver.put({ configurable: { thread_id: 'mine', checkpoint_ns: '' } }, checkpoint(id(1), 1), meta(-1), { n: 1 });
  const c2 = await saver.put(c1, checkpoint(id(2), 2), meta(0), { n: 2 });
  await saver.putWrites(c2, [['n', 3]], TASK);
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const refused: WireError[] = [];
  serveSession(port1, saver, { threadId: 'mine', mode: 'write', writeBatch, start: { ns: '', checkpointId: id(2) } }, {
    onViolation: (_d, error) => void refused.push(error), onStorageError: (error) => void refused.push(error),
  });
  const replies: ToSession[] = [];
  port2.addEventListener('message', (ev) => replies.push(ev.data as ToSession));
  port2.start();
  const send = async (...ms: unknown[]) => {
    for (const m of ms) port2.postMessage(m);
    for (let i = 0; i < 100 && replies.length < ms.length + answered; i++) await new Promise((r) => setTimeout(r, 5));
    answered = replies.length;
  };
  let answered = 0;
  /** Everything stored of the thread, in every namespace, with pending writes. */
  const stored = async () => {
    const out: unknown[] = [];
    for (const ns of ['', SUB, 'x<b>ns</b>']) for await (const t of saver.list({ configurable: { thread_id: 'mine', checkpoint_ns: ns } })) out.push([ns, t.checkpoint, t.metadata, t.parentConfig, t.pendingWrites]);
    return JSON.stringify(out);
  };
  return { saver, send, replies, refused, stored };
}

for (const backend of BACKENDS) {
  describe(`committed history is append-only (${backend.name})`, () => {
    const attacks: [string, (s: Awaited<ReturnType<typeof setup>>) => Promise<void>, RegExp][] = [
      ['a put over the first checkpoint, which the run read', async (s) => {
        await s.send({ type: 'cp/list', rid: 1, config: { configurable: { thread_id: 'mine' } }, options: {} });
        await s.send(put(2, '', id(1), id(2), 777));
      }, /checkpoint "1f0a0000-0000-6000-8000-000000000001" is already saved/],
      ['a put over the first checkpoint, which the run never read (the store refuses it)', async (s) => {
        await s.send(put(2, '', id(1), id(2), 777));
      }, /already stored/],
      ['a put over a checkpoint the run put itself', async (s) => {
        await s.send(put(1, '', id(3), id(2)), put(2, '', id(3), id(3), 777));
      }, /already saved/],
      ['a put whose parent is an older checkpoint (a branch grafted onto the first one)', async (s) => {
        await s.send(put(1, '', id(3), id(1)));
      }, /parent "1f0a0000-0000-6000-8000-000000000001" is not the checkpoint this run started from/],
      ['a second put from the checkpoint the run already went on from', async (s) => {
        await s.send(put(1, '', id(3), id(2)), put(2, '', id(4), id(2)));
      }, /is not the checkpoint this run is at/],
      ['a put with markup in the checkpoint id', async (s) => {
        await s.send(put(1, '', 'zzzzzzzz-<img src=x onerror=alert(1)>', id(2)));
      }, /checkpoint id .* is not one the engine makes/],
      ['a put with markup in the namespace', async (s) => {
        await s.send(put(1, 'x<b>ns</b>', id(3), undefined));
      }, /namespace .* has a part that is no node name/],
      ['a put in a namespace whose task part is no task id', async (s) => {
        await s.send(put(1, 'sub:not-a-task-id', id(3), undefined));
      }, /is not "node:task id"/],
      ['putWrites for the first checkpoint, not the one the step started from', async (s) => {
        await s.send(writes(1, '', id(1)));
      }, /pending writes for checkpoint "1f0a0000-0000-6000-8000-000000000001"/],
      ['putWrites for the start checkpoint after the run went on from it', async (s) => {
        await s.send(put(1, '', id(3), id(2)), writes(2, '', id(3)), writes(3, '', id(2)));
      }, /which is not the checkpoint this run is at/],
      ['putWrites with a task id the engine never makes', async (s) => {
        await s.send(writes(1, '', id(2), 'task<script>'));
      }, /task id .* is not one the engine makes/],
      ['a subgraph put grafted onto a checkpoint of its namespace the run never loaded', async (s) => {
        // A subgraph starting afresh and going on is ordinary history…
        await s.send(getTuple(1, SUB), put(2, SUB, id(3), undefined), writes(3, SUB, id(3)), put(4, SUB, id(4), id(3)));
        expect(s.refused).toEqual([]);
        // …a put in it from its first checkpoint again is not.
        await s.send(put(5, SUB, id(5), id(3)));
      }, /is not the checkpoint this run is at/],
    ];
    for (const [attack, act, why] of attacks) {
      it(`refuses ${attack} as HISTORY_REWRITE, and stores nothing of it`, async () => {
        const s = await setup(backend);
        const before = await s.stored();
        await act(s);
        expect(s.refused).toHaveLength(1);
        expect(s.refused[0]).toMatchObject({ code: 'HISTORY_REWRITE', message: expect.stringMatching(why) });
        expect(s.refused[0]!.message).toMatch(/saved history is never rewritten/);
        // The refused write changed nothing that was stored before it.
        const after = JSON.parse(await s.stored()) as unknown[];
        for (const entry of JSON.parse(before) as unknown[]) expect(after).toContainEqual(entry);
        expect(JSON.stringify(after)).not.toMatch(/"n":777|<img|<b>|task<script>/);
      });
    }
  });
}

describe('the store never replaces a checkpoint, whoever writes', () => {
  it('IndexedDBSaver.put of a stored checkpoint id fails, and the stored one stays (imports, "continue here")', async () => {
    const app = new AppDatabase({ dbName: `append-direct-${process.pid}` });
    const c1 = await app.saver.put({ configurable: { thread_id: 't', checkpoint_ns: '' } }, checkpoint(id(1), 1), meta(-1), { n: 1 });
    await expect(app.saver.put(c1, checkpoint(id(1), 777), meta(777), { n: 777 })).rejects.toMatchObject({ failure: 'exists' });
    const t = await app.saver.getTuple({ configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: id(1) } });
    expect(t?.metadata?.step).toBe(-1);
    expect(t?.checkpoint.channel_values).toEqual({ n: 1 });
  });
});
