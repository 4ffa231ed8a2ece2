/** Conformance: putWrites and the WRITES_IDX_MAP rules. */
import type { SaverFactory, TestApi } from './api';
import { cfg, cpId, putChain } from './fixtures';

export function writesCases({ describe, it, expect }: TestApi, createSaver: SaverFactory): void {
  describe('putWrites', () => {
    it('keeps the first regular write per (task, index)', async () => {
      const saver = await createSaver();
      const [c1] = await putChain(saver, 't', '', 1);
      await saver.putWrites(c1!, [['a', 1], ['b', 2]], 'task');
      await saver.putWrites(c1!, [['a', 'again'], ['b', 'again'], ['c', 3]], 'task');
      const tuple = await saver.getTuple(c1!);
      expect(tuple?.pendingWrites).toEqual([['task', 'a', 1], ['task', 'b', 2], ['task', 'c', 3]]);
    });

    it('lets the last special write win, in the position of the first', async () => {
      const saver = await createSaver();
      const [c1] = await putChain(saver, 't', '', 1);
      await saver.putWrites(c1!, [['__interrupt__', 'first'], ['x', 1]], 'task');
      await saver.putWrites(c1!, [['__interrupt__', 'second']], 'task');
      await saver.putWrites(c1!, [['__error__', { message: 'boom' }]], 'task');
      await saver.putWrites(c1!, [['__error__', { message: 'boom 2' }]], 'task');
      const writes = (await saver.getTuple(c1!))?.pendingWrites;
      expect(writes).toEqual([
        ['task', '__interrupt__', 'second'],
        ['task', 'x', 1],
        ['task', '__error__', { message: 'boom 2' }],
      ]);
    });

    it('keeps writes of different tasks apart, in first-insertion order', async () => {
      const saver = await createSaver();
      const [c1] = await putChain(saver, 't', '', 1);
      await saver.putWrites(c1!, [['a', 'from z']], 'z-task');
      await saver.putWrites(c1!, [['a', 'from a'], ['__resume__', 1]], 'a-task');
      await saver.putWrites(c1!, [['b', 'from m']], 'm-task');
      await saver.putWrites(c1!, [['__resume__', 2]], 'a-task');
      expect((await saver.getTuple(c1!))?.pendingWrites).toEqual([
        ['z-task', 'a', 'from z'],
        ['a-task', 'a', 'from a'],
        ['a-task', '__resume__', 2],
        ['m-task', 'b', 'from m'],
      ]);
    });

    it('attaches writes to one checkpoint of one namespace', async () => {
      const saver = await createSaver();
      const [c1, c2] = await putChain(saver, 't', '', 2);
      const [s1] = await putChain(saver, 't', 'sub:1', 1, 10);
      await saver.putWrites(c1!, [['a', 'root-1']], 'task');
      await saver.putWrites(s1!, [['a', 'sub-10']], 'task');
      expect((await saver.getTuple(c1!))?.pendingWrites).toEqual([['task', 'a', 'root-1']]);
      expect((await saver.getTuple(c2!))?.pendingWrites).toEqual([]);
      expect((await saver.getTuple(s1!))?.pendingWrites).toEqual([['task', 'a', 'sub-10']]);
    });

    it('rejects writes without a checkpoint id', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 1);
      await expect(saver.putWrites(cfg('t', ''), [['a', 1]], 'task')).rejects.toThrow(/checkpoint_id/);
      expect((await saver.getTuple(cfg('t', '', cpId(1))))?.pendingWrites).toEqual([]);
    });
  });
}
