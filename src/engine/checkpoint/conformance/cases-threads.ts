/** Conformance: deleteThread, isolation between threads, getNextVersion. */
import { hasVersionCounter, type SaverFactory, type TestApi } from './api';
import { cfg, cpId, ids, listAll, makeCheckpoint, meta, putChain } from './fixtures';

export function threadCases({ describe, it, expect }: TestApi, createSaver: SaverFactory): void {
  describe('threads', () => {
    it('deleteThread removes checkpoints, values and writes of every namespace, and only that thread', async () => {
      const saver = await createSaver();
      const [root] = await putChain(saver, 'gone', '', 2);
      const [sub] = await putChain(saver, 'gone', 'sub:1', 2, 10);
      await saver.putWrites(root!, [['a', 1]], 'task');
      await saver.putWrites(sub!, [['__interrupt__', 'x']], 'task');
      await putChain(saver, 'kept', '', 2);
      await saver.deleteThread('gone');
      expect(await saver.getTuple(cfg('gone'))).toBeUndefined();
      expect(await saver.getTuple(cfg('gone', 'sub:1'))).toBeUndefined();
      expect(await listAll(saver, cfg('gone'))).toEqual([]);
      expect(ids(await listAll(saver, cfg('kept')))).toEqual([2, 1].map(cpId));
      if (hasVersionCounter(saver)) {
        expect(await saver.countStoredVersions('gone')).toBe(0);
        expect(await saver.countStoredVersions('kept')).toBe(3);
      }
      // The thread id is reusable, and old writes do not reappear.
      const again = await saver.put(cfg('gone'), makeCheckpoint(1, { fresh: true }), meta(-1), { fresh: 1 });
      const tuple = await saver.getTuple(again);
      expect(tuple?.checkpoint.channel_values).toEqual({ fresh: true });
      expect(tuple?.pendingWrites).toEqual([]);
    });

    it('deleting an unknown thread is a no-op', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 1);
      await saver.deleteThread('unknown');
      expect((await listAll(saver, cfg('t'))).length).toBe(1);
    });

    it('keeps many threads written concurrently apart', async () => {
      const saver = await createSaver();
      const threads = Array.from({ length: 12 }, (_, i) => `thread-${i}`);
      await Promise.all(threads.map(async (t, i) => {
        let parent = cfg(t);
        for (let step = 0; step < 3; step++) {
          const checkpoint = makeCheckpoint(step + 1, { owner: t, step }, { owner: 1, step: step + 1 });
          parent = await saver.put(parent, checkpoint, meta(step, { thread_index: i }), step === 0 ? { owner: 1, step: 1 } : { step: step + 1 });
          await saver.putWrites(parent, [['owner', `${t}-write-${step}`]], `task-${i}`);
        }
      }));
      for (const [i, t] of threads.entries()) {
        const tuples = await listAll(saver, cfg(t));
        expect(tuples.length).toBe(3);
        expect(tuples.every((x) => x.checkpoint.channel_values.owner === t && x.metadata?.thread_index === i)).toBe(true);
        expect(tuples[0]?.checkpoint.channel_values.step).toBe(2);
        expect(tuples[0]?.pendingWrites).toEqual([[`task-${i}`, 'owner', `${t}-write-2`]]);
      }
    });
  });

  describe('getNextVersion', () => {
    it('counts up from 1', async () => {
      const saver = await createSaver();
      expect(saver.getNextVersion(undefined)).toBe(1);
      expect(saver.getNextVersion(1)).toBe(2);
      expect(saver.getNextVersion(41)).toBe(42);
    });
  });
}
