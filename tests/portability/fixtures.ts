/**
 * Threads for the export/import suites, written straight through the checkpointer port: a root
 * namespace with a branch (two children of one checkpoint), a subgraph namespace, pending writes of
 * several tasks including control channels, and values JSON alone cannot carry.
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata, PendingWriteValue } from '../../src/engine/checkpoint/types';
import type { RunSummary } from '../../src/protocol/dto';

/** Time-ordered ids (string order = creation order), shaped like UUIDv6. */
export const cid = (n: number) => `1f0a0000-0000-6000-8000-${String(n).padStart(12, '0')}`;

interface Step {
  ns?: string;
  n: number;
  parent: number | null;
  source: CheckpointMetadata['source'];
  step: number;
  values: Record<string, unknown>;
  versions: Record<string, number>;
  writes?: { taskId: string; writes: PendingWriteValue[] }[];
}

const SUB = 'child:6b1c1a4e-0000-0000-0000-000000000001';

/** The fixture history, oldest first. */
export const STEPS: Step[] = [
  { n: 1, parent: null, source: 'input', step: -1, values: { __start__: { topic: 'cats' } }, versions: { __start__: 1 },
    writes: [{ taskId: 'task-start', writes: [['topic', 'cats']] }] },
  { n: 2, parent: 1, source: 'loop', step: 0, values: { topic: 'cats', notes: [] }, versions: { __start__: 1, topic: 2, notes: 1 },
    writes: [
      { taskId: 'task-a', writes: [['notes', ['<b>bold</b> & "quoted"']], ['topic', 'cats!']] },
      { taskId: 'task-b', writes: [['__error__', { name: 'Error', message: 'flaky' }]] },
    ] },
  { n: 3, parent: 2, source: 'loop', step: 1,
    values: {
      topic: 'cats!',
      notes: ['<b>bold</b> & "quoted"'],
      when: new Date('2026-01-02T03:04:05.000Z'),
      tags: new Set(['a', 'b']),
      index: new Map<unknown, unknown>([['k', 1], [2, { deep: [1, 2, 3] }]]),
      odd: { nan: NaN, inf: -Infinity, negZero: -0, nothing: undefined, big: 12345678901234567890n, $rg: 'user key' },
      bytes: new Uint8Array([1, 2, 255]),
      pattern: /a+b/gi,
    },
    versions: { topic: 3, notes: 2, when: 1, tags: 1, index: 1, odd: 1, bytes: 1, pattern: 1 },
    writes: [{ taskId: 'task-review', writes: [['__interrupt__', [{ id: 'int-1', value: { question: 'ok?' } }]]] }] },
  // A fork of checkpoint 2: a second branch.
  { n: 4, parent: 2, source: 'update', step: 1, values: { topic: 'dogs', notes: [] }, versions: { topic: 4, notes: 1 } },
  { n: 5, parent: 4, source: 'loop', step: 2, values: { topic: 'dogs', notes: ['woof'] }, versions: { topic: 4, notes: 3 },
    writes: [
      { taskId: 'task-c', writes: [['notes', ['x']]] },
      { taskId: 'task-d', writes: [['notes', ['y']], ['topic', 'z']] },
      { taskId: 'task-c', writes: [['__resume__', 'yes']] },
    ] },
  // A subgraph's own checkpoints.
  { ns: SUB, n: 6, parent: null, source: 'input', step: -1, values: { inner: 1 }, versions: { inner: 1 } },
  { ns: SUB, n: 7, parent: 6, source: 'loop', step: 0, values: { inner: 2 }, versions: { inner: 2 } },
];

/** Writes the fixture thread `threadId` into `saver`. */
export async function writeFixtureThread(saver: BaseCheckpointSaver, threadId: string): Promise<void> {
  for (const s of STEPS) {
    const ns = s.ns ?? '';
    const checkpoint: Checkpoint = {
      v: 4,
      id: cid(s.n),
      ts: new Date(Date.UTC(2026, 0, 1, 0, 0, s.n)).toISOString(),
      channel_values: s.values,
      channel_versions: s.versions,
      versions_seen: { agent: { topic: 1 }, __input__: {} },
      updated_channels: Object.keys(s.versions).sort(),
    };
    const metadata: CheckpointMetadata = { source: s.source, step: s.step, parents: ns ? { '': cid(3) } : {}, run_id: 'run-1' };
    const configurable: Record<string, string> = { thread_id: threadId, checkpoint_ns: ns };
    if (s.parent !== null) configurable.checkpoint_id = cid(s.parent);
    await saver.put({ configurable }, checkpoint, metadata, s.versions);
    for (const w of s.writes ?? []) {
      await saver.putWrites({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: cid(s.n) } }, w.writes, w.taskId);
    }
  }
}

/** Runs and trace events as the worker would record them for the fixture thread. */
export function fixtureExtras(threadId: string): { runs: RunSummary[]; trace: unknown[] } {
  const runs: RunSummary[] = [
    { runId: 'run-1', threadId, kind: 'run', fromCheckpointId: null, startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:09.000Z', outcome: 'interrupted', error: null },
    { runId: 'run-2', threadId, kind: 'fork', fromCheckpointId: cid(2), startedAt: '2026-01-01T00:01:00.000Z', endedAt: null, outcome: 'error',
      error: { code: 'INTERNAL', name: 'Error', message: '<script>alert(1)</script>' } },
  ];
  const trace = [
    { type: '@engine.run.start', runId: 'run-1', checkpointNs: '', step: -1, seq: 0, threadId, checkpointId: null, isReplaying: false, isResuming: false, input: 'value' },
    { type: '@engine.checkpoint.saved', runId: 'run-1', checkpointNs: '', step: -1, seq: 1, checkpointId: cid(1), parentCheckpointId: null, source: 'input', newChannels: ['__start__'] },
    { type: '@engine.run.end', runId: 'run-1', checkpointNs: '', step: 1, seq: 2, status: 'interrupted' },
  ];
  return { runs, trace };
}

/** Every stored tuple of the given threads, as comparable data (saver order). */
export async function snapshotSaver(saver: BaseCheckpointSaver, threadIds: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const thread_id of threadIds) {
    for await (const t of saver.list({ configurable: { thread_id } })) out.push(t);
  }
  return out;
}
