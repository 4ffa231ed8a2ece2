/**
 * A session's memo (write-memo.ts) only saves reads: however its writes are split into group
 * commits, and however small the memo, what is stored is exactly what the same calls store one at
 * a time, also when writes for a checkpoint come after the puts of later ones, and the values a put
 * inherits from its parent's record (inline-values.ts) are the same.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cfg, makeCheckpoint, meta } from '../../engine/checkpoint/conformance/fixtures';
import { AppDatabase } from './app-database';
import { WriteMemo } from './write-memo';
import type { WriteOp } from './write-ops';

let n = 0;
const fresh = () => new AppDatabase({ dbName: `write-memo-${n++}` });
const ids = [1, 2, 3].map((i) => makeCheckpoint(i, {}).id);

/** Three checkpoints in a chain, writes on each (repeated and special channels), next reported (a stored checkpoint is never put again). */
function ops(): WriteOp[] {
  // `k` (inline) and `big` (a blob) keep their first version: b and c inherit them from a.
  const kept = { k: 1, big: 1 };
  const [a, b, c] = [makeCheckpoint(1, { x: 1, k: 'kept', big: 'y'.repeat(300) }), makeCheckpoint(2, { x: 2 }, { x: 2, ...kept }), makeCheckpoint(3, { x: 3 }, { x: 3, ...kept })];
  const on = (id: string) => cfg('t', '', id);
  const next = (checkpointId: string, nodes: string[]): WriteOp => ({ kind: 'next', threadId: 't', ns: '', checkpointId, next: nodes });
  return [
    { kind: 'put', config: cfg('t', ''), checkpoint: a, metadata: meta(-1), newVersions: { x: 1, ...kept } },
    next(a.id, ['n1']),
    { kind: 'writes', config: on(a.id), writes: [['x', 10], ['__interrupt__', 'first']], taskId: 'task-1' },
    { kind: 'put', config: on(a.id), checkpoint: b, metadata: meta(0), newVersions: { x: 2 } },
    { kind: 'writes', config: on(a.id), writes: [['x', 11], ['y', 12], ['__interrupt__', 'second']], taskId: 'task-1' },
    { kind: 'writes', config: on(b.id), writes: [['x', 20]], taskId: 'task-2' },
    next(b.id, ['n2']),
    { kind: 'writes', config: on(b.id), writes: [['x', 21], ['z', 22]], taskId: 'task-2' },
    { kind: 'put', config: on(b.id), checkpoint: c, metadata: meta(1), newVersions: { x: 3 } },
    { kind: 'writes', config: on(c.id), writes: [['__error__', 'boom']], taskId: 'task-3' },
    { kind: 'writes', config: on(a.id), writes: [['w', 1]], taskId: 'task-4' },
    next(c.id, ['n3']),
  ];
}

async function stored(app: AppDatabase) {
  const tuples = await Promise.all(ids.map((id) => app.saver.getTuple(cfg('t', '', id))));
  return { values: tuples.map((t) => t?.checkpoint.channel_values), writes: tuples.map((t) => t?.pendingWrites), rows: await app.listRows('t', '', 10) };
}

/** Every way of cutting `length` ops into consecutive groups, as group sizes. */
function splits(length: number): number[][] {
  if (length === 0) return [[]];
  const out: number[][] = [];
  for (let first = 1; first <= length; first++) for (const rest of splits(length - first)) out.push([first, ...rest]);
  return out;
}

describe('WriteMemo', () => {
  it('stores what one call at a time stores, for every split into groups and any capacity', async () => {
    const one = fresh();
    for (const op of ops()) {
      if (op.kind === 'put') await one.saver.put(op.config, op.checkpoint, op.metadata, op.newVersions);
      else if (op.kind === 'writes') await one.saver.putWrites(op.config, op.writes, op.taskId);
    }
    // `next` has no saver call: one group of everything (checked against the saver in write-batch.test.ts) sets it.
    const reference = fresh();
    await reference.writeBatch(ops());
    const expected = await stored(reference);
    expect(expected.writes).toEqual((await stored(one)).writes);
    expect(expected.values).toEqual((await stored(one)).values);
    expect(expected.values.map((v) => v?.k)).toEqual(['kept', 'kept', 'kept']);
    expect(expected.rows.map((r) => r.next)).toEqual([['n3'], ['n2'], ['n1']]);
    const all = splits(ops().length);
    // Every 97th split (the whole set is 2,048) and the extremes, each with a roomy and a tiny memo.
    for (const sizes of all.filter((_, i) => i % 97 === 0 || i === all.length - 1)) {
      for (const capacity of [4096, 1]) {
        const app = fresh();
        const memo = new WriteMemo(capacity);
        const list = ops();
        for (const size of sizes) await app.writeBatch(list.splice(0, size), memo);
        expect(await stored(app), `groups ${sizes.join('+')}, capacity ${capacity}`).toEqual(expected);
        app.close();
      }
    }
  });
});
