/**
 * Under async durability the engine may save a task's writes before the checkpoint they are
 * against (its puts wait behind one another, its writes do not). A checkpoint's timeline row must
 * still count them: the row a put creates counts the writes already stored or queued before it in
 * its group, whether they came one call at a time, in the put's group or in an earlier one.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cfg, makeCheckpoint, meta } from '../../engine/checkpoint/conformance/fixtures';
import { AppDatabase } from './app-database';
import { WriteMemo } from './write-memo';
import type { WriteOp } from './write-ops';

let n = 0;
const fresh = () => new AppDatabase({ dbName: `rows-early-${n++}` });
const [a, b] = [makeCheckpoint(1, { x: 1 }), makeCheckpoint(2, { x: 2 }, { x: 2 })];

/** A's put, then writes on A and on B (an interrupt among them) before B's put, then one more write on B. */
const ops = (): WriteOp[] => [
  { kind: 'put', config: cfg('t', ''), checkpoint: a, metadata: meta(-1), newVersions: { x: 1 } },
  { kind: 'writes', config: cfg('t', '', a.id), writes: [['x', 1], ['y', 2]], taskId: 'task-a' },
  { kind: 'writes', config: cfg('t', '', b.id), writes: [['x', 3], ['__interrupt__', 'ask']], taskId: 'task-b' },
  { kind: 'put', config: cfg('t', '', a.id), checkpoint: b, metadata: meta(0), newVersions: { x: 2 } },
  { kind: 'writes', config: cfg('t', '', b.id), writes: [['z', 4]], taskId: 'task-c' },
];

async function counts(app: AppDatabase) {
  const rows = await app.listRows('t', '', 10);
  const tuples = await Promise.all([a.id, b.id].map((id) => app.saver.getTuple(cfg('t', '', id))));
  return {
    rows: rows.map((r) => [r.config.configurable?.checkpoint_id, r.writes?.count, r.writes?.interrupts]),
    tuples: tuples.map((t) => [t?.checkpoint.id, t?.pendingWrites?.length, t?.pendingWrites?.some((w) => w[1] === '__interrupt__')]).reverse(),
  };
}

describe('a row counts the writes saved before its checkpoint', () => {
  it('one call at a time, in one group, and split across groups with a memo', async () => {
    const one = fresh();
    for (const op of ops()) {
      if (op.kind === 'put') await one.saver.put(op.config, op.checkpoint, op.metadata, op.newVersions);
      else if (op.kind === 'writes') await one.saver.putWrites(op.config, op.writes, op.taskId);
    }
    const grouped = fresh();
    await grouped.writeBatch(ops());
    const split = fresh();
    const memo = new WriteMemo();
    const list = ops();
    await split.writeBatch(list.splice(0, 3), memo);
    await split.writeBatch(list, memo);
    for (const app of [one, grouped, split]) {
      const c = await counts(app);
      expect(c.rows).toEqual([[b.id, 3, true], [a.id, 2, false]]);
      expect(c.rows).toEqual(c.tuples);
    }
  });
});
