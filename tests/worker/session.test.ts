/**
 * The storage end of a session port, attacked as graph code in a sandbox could: forged
 * checkpointer calls on other threads, writes in a read-only session, unstorable values, notices of
 * checkpoints that do not exist, malformed messages. Each is refused, stops the session, stores
 * nothing, and leaves every other thread as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import type { Checkpoint } from '../../src/engine/checkpoint/types';
import type { ToSession } from '../../src/protocol/sandbox';
import { createMemoryStore } from '../../src/worker/memory-store';
import { serveSession, type SessionBinding } from '../../src/worker/sandbox/session';

const ports: { close(): void }[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

const checkpoint = (id: string, values: Record<string, unknown> = { n: 1 }): Checkpoint => ({
  v: 4, id, ts: '2026-01-01T00:00:00.000Z', channel_values: values, channel_versions: Object.fromEntries(Object.keys(values).map((k) => [k, 1])), versions_seen: {},
});
const meta = { source: 'loop' as const, step: 0, parents: {} };
/** Ids of the engine's shapes (UUIDv6 checkpoints, a UUIDv5 task): the session refuses others. */
const M1 = '1f0a0000-0000-6000-8000-000000000001';
const M2 = '1f0a0000-0000-6000-8000-000000000002';
const V1 = '1f0a0000-0000-6000-8000-0000000000f1';
const TASK = '5c1e9f47-7747-582e-94dc-aee10fb47c03';

/** A saver with a victim thread, and a session bound to `binding` on it. */
async function setup(where: { threadId: string; mode: 'read' | 'write' }) {
  const saver = new MemorySaver();
  const binding: SessionBinding = where.mode === 'write'
    ? { ...where, mode: 'write', writeBatch: createMemoryStore(saver).writeBatch, start: { ns: '', checkpointId: M1 } }
    : { ...where, mode: 'read' };
  await saver.put({ configurable: { thread_id: 'victim' } }, checkpoint(V1, { secret: 'victim data' }), meta, { secret: 1 });
  await saver.put({ configurable: { thread_id: 'mine' } }, checkpoint(M1), meta, { n: 1 });
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const violations: string[] = [];
  const events: unknown[] = [];
  serveSession(port1, saver, binding, { onViolation: (d) => violations.push(d), onEvents: (e) => void events.push(...e) });
  const replies: ToSession[] = [];
  port2.addEventListener('message', (ev) => replies.push(ev.data as ToSession));
  port2.start();
  const send = async (m: unknown) => {
    port2.postMessage(m);
    await new Promise((r) => setTimeout(r, 20));
  };
  const victim = async () => JSON.stringify(await saver.getTuple({ configurable: { thread_id: 'victim' } }));
  return { saver, send, replies, violations, events, victim };
}

describe('a session refuses what its binding does not allow', () => {
  it('answers calls on its own thread', async () => {
    const s = await setup({ threadId: 'mine', mode: 'write' });
    await s.send({ type: 'cp/getTuple', rid: 1, config: { configurable: { thread_id: 'mine' } } });
    await s.send({ type: 'cp/put', rid: 2, config: { configurable: { thread_id: 'mine', checkpoint_ns: '', checkpoint_id: M1 } }, checkpoint: checkpoint(M2, { n: 2 }), metadata: meta, newVersions: { n: 2 } });
    expect(s.replies.map((r) => r.ok)).toEqual([true, true]);
    expect((await s.saver.getTuple({ configurable: { thread_id: 'mine' } }))?.checkpoint.id).toBe(M2);
    expect(s.violations).toEqual([]);
  });

  it('holds a "checkpoint saved" event that arrives before its put, and hands it on once the put commits', async () => {
    const s = await setup({ threadId: 'mine', mode: 'write' });
    const saved = { kind: 'trace', event: { type: '@engine.checkpoint.saved', runId: 'r', checkpointNs: '', step: 1, seq: 0, checkpointId: M2, parentCheckpointId: M1, source: 'loop', newChannels: ['n'] } };
    const later = { kind: 'trace', event: { type: '@engine.run.end', runId: 'r', checkpointNs: '', step: 1, seq: 1, status: 'done' } };
    await s.send({ type: 'run/events', events: [saved] });
    await s.send({ type: 'run/events', events: [later] });
    expect(s.events).toEqual([]);
    await s.send({ type: 'cp/put', rid: 2, config: { configurable: { thread_id: 'mine', checkpoint_ns: '', checkpoint_id: M1 } }, checkpoint: checkpoint(M2, { n: 2 }), metadata: meta, newVersions: { n: 2 } });
    expect(s.events).toEqual([saved, later]);
    await s.send({ type: 'run/end', outcome: 'done', result: null, error: null });
    expect(s.violations).toEqual([]);
  });

  const END = { type: 'run/end', outcome: 'done', result: null, error: null };
  const attacks: [string, SessionBinding['mode'], unknown, RegExp][] = [
    ['reads another thread', 'write', { type: 'cp/getTuple', rid: 1, config: { configurable: { thread_id: 'victim' } } }, /another thread/],
    ['lists across threads', 'read', { type: 'cp/list', rid: 1, config: { configurable: {} }, options: {} }, /without a thread id/],
    ['writes another thread', 'write', { type: 'cp/put', rid: 1, config: { configurable: { thread_id: 'victim' } }, checkpoint: checkpoint('evil'), metadata: meta, newVersions: { n: 1 } }, /another thread/],
    ['writes in a read-only session', 'read', { type: 'cp/put', rid: 1, config: { configurable: { thread_id: 'mine' } }, checkpoint: checkpoint('evil'), metadata: meta, newVersions: { n: 1 } }, /read-only/],
    ['puts writes on another thread', 'write', { type: 'cp/putWrites', rid: 1, config: { configurable: { thread_id: 'victim', checkpoint_id: V1 } }, writes: [['secret', 'x']], taskId: TASK }, /another thread/],
    ['sends a 10 MB thread id', 'write', { type: 'cp/getTuple', rid: 1, config: { configurable: { thread_id: 'x'.repeat(10 * 1024 * 1024) } } }, /malformed/],
    ['sends malformed versions', 'write', { type: 'cp/put', rid: 1, config: { configurable: { thread_id: 'mine' } }, checkpoint: { ...checkpoint('evil'), channel_versions: { n: 'one' } }, metadata: meta, newVersions: {} }, /malformed/],
    ['stores a value that cannot be exported (a cycle)', 'write', (() => {
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      return { type: 'cp/put', rid: 1, config: { configurable: { thread_id: 'mine', checkpoint_id: M1 } }, checkpoint: checkpoint(M2, { n: cyclic }), metadata: meta, newVersions: { n: 1 } };
    })(), /channel "n".*cycle/],
    ['stores a value nested 1,000 levels deep', 'write', (() => {
      let deep: unknown = 0;
      for (let i = 0; i < 1_000; i++) deep = { d: deep };
      return { type: 'cp/putWrites', rid: 1, config: { configurable: { thread_id: 'mine', checkpoint_id: M1 } }, writes: [['n', deep]], taskId: TASK };
    })(), /nested deeper than 240/],
    // Events naming a checkpoint not committed yet wait for its put; a run that ends without it is refused.
    ['reports a checkpoint the thread does not have', 'write', [{ type: 'run/events', events: [{ kind: 'checkpoint', checkpoint: { checkpointId: V1, parentId: null, ns: '', step: 0, source: 'loop', ts: 'x', next: [], pendingWrites: 0, hasInterrupts: false, hasError: false } }] }, END], /does not have/],
    ['reports a saved checkpoint it never committed', 'write', [{ type: 'run/events', events: [{ kind: 'trace', event: { type: '@engine.checkpoint.saved', runId: 'r', checkpointNs: '', step: 0, seq: 0, checkpointId: M1, parentCheckpointId: null, source: 'loop', newChannels: [] } }] }, END], /did not commit/],
    ['forges a protocol message for the page', 'write', { type: 'rg/run.ended', runId: 'someone-else', threadId: 'victim', outcome: 'done', error: null, result: null }, /unknown message type/],
    ['sends run events in a read-only session', 'read', { type: 'run/events', events: [] }, /read-only/],
    ['sends an event that is not a trace event', 'write', { type: 'run/events', events: [{ kind: 'trace', event: { type: 'rg/hello' } }] }, /malformed/],
  ];
  for (const [name, mode, message, why] of attacks) {
    it(`refuses a sandbox that ${name}, and stops the session`, async () => {
      const s = await setup({ threadId: 'mine', mode });
      const before = await s.victim();
      for (const m of Array.isArray(message) ? message : [message]) await s.send(m);
      expect(s.violations).toHaveLength(1);
      expect(s.violations[0]).toMatch(why);
      expect(s.events).toEqual([]);
      expect(await s.victim()).toBe(before);
      // Stopped: a well-formed call afterwards is not answered.
      const answered = s.replies.length;
      await s.send({ type: 'cp/getTuple', rid: 9, config: { configurable: { thread_id: 'mine' } } });
      expect(s.replies.length).toBe(answered);
      // The refused put stored nothing.
      expect((await s.saver.getTuple({ configurable: { thread_id: 'mine' } }))?.checkpoint.id).toBe(M1);
    });
  }
});
