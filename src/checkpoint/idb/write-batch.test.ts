/**
 * A group of writes in one transaction (`AppDatabase.writeBatch`) stores exactly what the same puts and
 * putWrites store one call at a time: the batch reads its records ahead and keeps them in memory
 * as it rewrites them, so a putWrites must still see what an earlier op of the batch wrote.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cfg, makeCheckpoint, meta } from '../../engine/checkpoint/conformance/fixtures';
import { AppDatabase } from './app-database';
import type { WriteOp } from './write-ops';

let n = 0;
const fresh = () => new AppDatabase({ dbName: `write-batch-${n++}` });

/** Two checkpoints; on the first, a task writes twice (a regular channel repeated, an interrupt replaced), another once. */
function ops(): WriteOp[] {
  const a = makeCheckpoint(1, { x: 1 });
  const b = makeCheckpoint(2, { x: 2 }, { x: 2 });
  const onA = cfg('t', '', a.id);
  return [
    { kind: 'put', config: cfg('t', ''), checkpoint: a, metadata: meta(-1), newVersions: { x: 1 } },
    { kind: 'writes', config: onA, writes: [['x', 10], ['__interrupt__', 'first']], taskId: 'task-1' },
    { kind: 'writes', config: onA, writes: [['x', 11], ['y', 12], ['__interrupt__', 'second']], taskId: 'task-1' },
    { kind: 'writes', config: onA, writes: [['x', 20]], taskId: 'task-2' },
    { kind: 'put', config: onA, checkpoint: b, metadata: meta(0), newVersions: { x: 2 } },
    { kind: 'writes', config: cfg('t', '', b.id), writes: [['__error__', 'boom']], taskId: 'task-3' },
  ];
}

async function stored(app: AppDatabase) {
  const a = await app.saver.getTuple(cfg('t', '', makeCheckpoint(1, {}).id));
  const b = await app.saver.getTuple(cfg('t', '', makeCheckpoint(2, {}).id));
  return { a: a?.pendingWrites, b: b?.pendingWrites, rows: await app.listRows('t', '', 10) };
}

describe('AppDatabase.writeBatch', () => {
  it('stores what the same calls store one at a time', async () => {
    const one = fresh();
    for (const op of ops()) {
      if (op.kind === 'put') await one.saver.put(op.config, op.checkpoint, op.metadata, op.newVersions);
      else if (op.kind === 'writes') await one.saver.putWrites(op.config, op.writes, op.taskId);
    }
    const batched = fresh();
    await batched.writeBatch(ops());
    const expected = await stored(one);
    expect(expected.a).toHaveLength(4); // x (first wins), the replaced interrupt, y, task-2's x
    expect(expected.rows.find((r) => r.config.configurable?.checkpoint_id === makeCheckpoint(1, {}).id)?.writes).toMatchObject({ count: 4, interrupts: true });
    expect(await stored(batched)).toEqual(expected);
  });

  it('adds to writes stored by an earlier batch', async () => {
    const [putA, first, second, ...rest] = ops();
    const one = fresh();
    await one.writeBatch([putA!, first!]);
    await one.writeBatch([second!, ...rest]);
    const all = fresh();
    await all.writeBatch(ops());
    expect(await stored(one)).toEqual(await stored(all));
  });

  it('sets a reported next on the row, in the group of its put or a later one, as a trace append of the notice does', async () => {
    const [a, b] = [makeCheckpoint(1, {}).id, makeCheckpoint(2, {}).id];
    const next = (checkpointId: string, nodes: string[]): WriteOp => ({ kind: 'next', threadId: 't', ns: '', checkpointId, next: nodes });
    const [putA, first, second, third, putB, last] = ops();
    const grouped = fresh();
    // A's next in A's group, before and after its writes; B's in a group of its own; one of a checkpoint never put.
    await grouped.writeBatch([putA!, next(a, ['x']), first!, second!, third!, putB!]);
    await grouped.writeBatch([last!, next(b, ['y', 'z']), next('1f0-none', ['q'])]);
    const appended = fresh();
    await appended.writeBatch(ops());
    const notice = (checkpointId: string, nodes: string[]) => ({ runId: 'r', seq: 0, kind: 'checkpoint', checkpoint: { checkpointId, ns: '', next: nodes } });
    await appended.appendTrace('t', [notice(a, ['x']), notice(b, ['y', 'z']), notice('1f0-none', ['q'])]);
    const rows = (await stored(grouped)).rows;
    expect(rows.map((r) => r.next)).toEqual([['y', 'z'], ['x']]);
    expect(rows.find((r) => r.config.configurable?.checkpoint_id === a)?.writes).toMatchObject({ count: 4, interrupts: true });
    expect(await stored(grouped)).toEqual(await stored(appended));
    // An append that leaves `next` to the writes does not touch the rows.
    const untouched = fresh();
    await untouched.writeBatch(ops());
    await untouched.appendTrace('t', [notice(a, ['x'])], { setNext: false });
    expect((await stored(untouched)).rows.map((r) => r.next)).toEqual([undefined, undefined]);
  });
});
