/**
 * Group commit on a session: writes sent back to back (as the sandbox's pipelined ProxySaver sends
 * them) are committed in fewer transactions than writes, in order, each answered once committed;
 * a read sees every write sent before it; a run event naming a queued checkpoint is passed on only
 * after its group committed; a group that fails is answered with the error and nothing sent after
 * it is stored.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/checkpoint/idb/index';
import type { WriteOp } from '../../src/checkpoint/idb/write-ops';
import type { Checkpoint } from '../../src/engine/checkpoint/types';
import type { RunEvent } from '../../src/protocol/messages';
import type { ToSession } from '../../src/protocol/sandbox';
import { serveSession } from '../../src/worker/sandbox/session';

const ports: { close(): void }[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));
let db = 0;

const cp = (n: number): Checkpoint => ({
  v: 4, id: `1f0a0000-0000-6000-8000-${String(n).padStart(12, '0')}`, ts: '2026-01-01T00:00:00.000Z', channel_values: { n }, channel_versions: { n }, versions_seen: {},
});
const meta = (step: number) => ({ source: 'loop' as const, step, parents: {} });
const summary = (n: number) => ({ checkpointId: cp(n).id, parentId: null, ns: '', step: n, source: 'loop' as const, ts: cp(n).ts, next: [], pendingWrites: 0, hasInterrupts: false, hasError: false });

function setup(fail?: (ops: readonly WriteOp[]) => boolean) {
  const app = new AppDatabase({ dbName: `group-${process.pid}-${++db}` });
  const saver = app.saver;
  const groups: number[] = [];
  const writeBatch = async (ops: readonly WriteOp[]) => {
    groups.push(ops.length);
    if (fail?.(ops)) throw new Error('disk full');
    return app.writeBatch(ops);
  };
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const events: RunEvent[] = [];
  const errors: string[] = [];
  serveSession(port1, saver, { threadId: 't', mode: 'write', writeBatch }, {
    onViolation: (d) => errors.push(`violation: ${d}`), onEvents: (e) => void events.push(...e), onStorageError: (e) => errors.push(e.message),
  });
  const replies: ToSession[] = [];
  port2.addEventListener('message', (ev) => replies.push(ev.data as ToSession));
  port2.start();
  let rid = 0;
  const put = (n: number) => port2.postMessage({ type: 'cp/put', rid: ++rid, config: { configurable: { thread_id: 't', checkpoint_ns: '', ...(n > 1 ? { checkpoint_id: cp(n - 1).id } : {}) } }, checkpoint: cp(n), metadata: meta(n), newVersions: { n } });
  const writes = (n: number) => port2.postMessage({ type: 'cp/putWrites', rid: ++rid, config: { configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: cp(n).id } }, writes: [['n', n + 1]], taskId: `aaaaaaaa-aaaa-5aaa-8aaa-${String(n).padStart(12, '0')}` });
  const post = (m: unknown) => port2.postMessage(m);
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { saver, groups, events, errors, replies, put, writes, post, until, rid: () => rid };
}

describe('a session commits writes in groups', () => {
  it('commits 100 pipelined writes in fewer transactions, answers each, and a read sees them all', async () => {
    const s = setup();
    for (let n = 1; n <= 50; n++) {
      s.put(n);
      s.writes(n);
    }
    s.post({ type: 'cp/list', rid: 1000, config: { configurable: { thread_id: 't', checkpoint_ns: '' } }, options: { limit: 512 } });
    await s.until(() => s.replies.some((r) => r.type === 'cp/reply' && r.rid === 1000));
    const acks = s.replies.filter((r) => r.type === 'cp/reply' && r.rid !== 1000);
    expect(acks).toHaveLength(100);
    expect(acks.every((r) => r.type === 'cp/reply' && r.ok)).toBe(true);
    expect(s.groups.reduce((a, b) => a + b, 0)).toBe(100);
    expect(s.groups.length).toBeLessThan(100);
    const listed = s.replies.find((r) => r.type === 'cp/reply' && r.rid === 1000) as { value: { checkpoint: { id: string }; pendingWrites: unknown[] }[] };
    expect(listed.value).toHaveLength(50);
    expect(listed.value.every((t) => t.pendingWrites.length === 1)).toBe(true);
    expect(s.errors).toEqual([]);
  });

  it('passes on a run event naming a queued checkpoint only once it committed', async () => {
    const s = setup();
    s.put(1);
    s.put(2);
    s.post({ type: 'run/events', events: [{ kind: 'checkpoint', checkpoint: summary(2) }] });
    await s.until(() => s.events.length > 0);
    expect(s.events).toEqual([{ kind: 'checkpoint', checkpoint: summary(2) }]);
    expect(await s.saver.getTuple({ configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: cp(2).id } })).toBeDefined();
    expect(s.errors).toEqual([]);
  });

  it('answers a failed group with its error, and stores nothing sent after it', async () => {
    const s = setup((ops) => ops.some((op) => op.kind === 'put' && op.checkpoint.id === cp(3).id));
    for (let n = 1; n <= 6; n++) s.put(n);
    await s.until(() => s.errors.length > 0 && s.replies.length >= 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.errors).toEqual([expect.stringContaining('disk full')]);
    const stored: string[] = [];
    for await (const t of s.saver.list({ configurable: { thread_id: 't', checkpoint_ns: '' } })) stored.push(t.checkpoint.id);
    // What was answered ok is stored; the failed write and everything after it is not.
    const ok = s.replies.filter((r) => r.type === 'cp/reply' && r.ok).length;
    expect(stored).toHaveLength(ok);
    expect(stored).not.toContain(cp(3).id);
    expect(stored.every((id) => id < cp(3).id)).toBe(true);
  });
});
