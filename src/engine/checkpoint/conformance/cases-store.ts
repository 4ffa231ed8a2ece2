/** Conformance: put/getTuple round trips, latest-by-id, parent links and list semantics. */
import type { SaverFactory, TestApi } from './api';
import { cfg, cpId, ids, listAll, makeCheckpoint, meta, putChain } from './fixtures';

export function storeCases({ describe, it, expect }: TestApi, createSaver: SaverFactory): void {
  describe('put and getTuple', () => {
    it('round-trips a checkpoint, its metadata and a normalised config', async () => {
      const saver = await createSaver();
      const checkpoint = makeCheckpoint(1, { messages: ['hi', { role: 'user' }], n: 3, nothing: null });
      const metadata = meta(-1, { graph_id: 'g', run_id: 'r1', nested: { a: [1, 2] } });
      const returned = await saver.put(cfg('t1'), checkpoint, metadata, checkpoint.channel_versions);
      expect(returned).toEqual(cfg('t1', '', cpId(1)));
      const tuple = await saver.getTuple(cfg('t1', '', cpId(1)));
      expect(tuple?.checkpoint).toEqual(checkpoint);
      expect(tuple?.metadata).toEqual(metadata);
      expect(tuple?.config).toEqual(cfg('t1', '', cpId(1)));
      expect(tuple?.parentConfig).toBeUndefined();
      expect(tuple?.pendingWrites).toEqual([]);
    });

    it('keeps a channel written as undefined distinct from an empty channel', async () => {
      const saver = await createSaver();
      const checkpoint = makeCheckpoint(1, { written: undefined }, { written: 1, empty: 1 });
      await saver.put(cfg('t'), checkpoint, meta(0), { written: 1, empty: 1 });
      const values = (await saver.getTuple(cfg('t')))!.checkpoint.channel_values;
      expect(values).toHaveProperty('written');
      expect(values).not.toHaveProperty('empty');
    });

    it('returns undefined for an unknown thread, namespace or checkpoint id', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 2);
      expect(await saver.getTuple(cfg('nope'))).toBeUndefined();
      expect(await saver.getTuple(cfg('t', 'other'))).toBeUndefined();
      expect(await saver.getTuple(cfg('t', '', cpId(99)))).toBeUndefined();
    });

    it('rejects a put without a thread id and stores nothing', async () => {
      const saver = await createSaver();
      await expect(saver.put({ configurable: {} }, makeCheckpoint(1, { a: 1 }), meta(0), { a: 1 })).rejects.toThrow(/thread_id/);
      expect(await listAll(saver, {})).toEqual([]);
    });
  });

  describe('latest checkpoint and parents', () => {
    it('picks the greatest id, not the last put', async () => {
      const saver = await createSaver();
      for (const n of [2, 5, 3]) await saver.put(cfg('t'), makeCheckpoint(n, { n }, { n }), meta(n), { n });
      const latest = await saver.getTuple(cfg('t'));
      expect(latest?.checkpoint.id).toBe(cpId(5));
      expect(latest?.checkpoint.channel_values).toEqual({ n: 5 });
      expect(latest?.config).toEqual(cfg('t', '', cpId(5)));
      // An empty checkpoint_id means "the latest", as in LangGraph.
      expect((await saver.getTuple(cfg('t', '', '')))?.checkpoint.id).toBe(cpId(5));
      expect(ids(await listAll(saver, cfg('t', '', '')))).toEqual([5, 3, 2].map(cpId));
    });

    it('finds the latest per namespace', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 3, 1);
      await putChain(saver, 't', 'sub:abc', 2, 10);
      expect((await saver.getTuple(cfg('t')))?.checkpoint.id).toBe(cpId(3));
      expect((await saver.getTuple(cfg('t', '')))?.checkpoint.id).toBe(cpId(3));
      const sub = await saver.getTuple(cfg('t', 'sub:abc'));
      expect(sub?.checkpoint.id).toBe(cpId(11));
      expect(sub?.config).toEqual(cfg('t', 'sub:abc', cpId(11)));
    });

    it('links each checkpoint to the checkpoint_id of the config it was put with', async () => {
      const saver = await createSaver();
      const configs = await putChain(saver, 't', 'ns1', 3);
      const third = await saver.getTuple(configs[2]!);
      expect(third?.parentConfig).toEqual(cfg('t', 'ns1', cpId(2)));
      const first = await saver.getTuple(configs[0]!);
      expect(first?.parentConfig).toBeUndefined();
      // A fork: a new checkpoint whose parent is an older one.
      await saver.put(configs[0]!, makeCheckpoint(9, { counter: 'fork' }, { counter: 9, fixed: 1 }), meta(1, { source: 'fork' }), { counter: 9 });
      const fork = await saver.getTuple(cfg('t', 'ns1', cpId(9)));
      expect(fork?.parentConfig).toEqual(cfg('t', 'ns1', cpId(1)));
      expect(fork?.checkpoint.channel_values).toEqual({ counter: 'fork', fixed: 'unchanged' });
    });
  });

  describe('list', () => {
    it('lists newest first across all namespaces when no namespace is given', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 3, 1);
      await putChain(saver, 't', 'sub:x', 2, 4);
      await putChain(saver, 'other', '', 2, 20);
      expect(ids(await listAll(saver, cfg('t')))).toEqual([5, 4, 3, 2, 1].map(cpId));
      expect(ids(await listAll(saver, cfg('t', '')))).toEqual([3, 2, 1].map(cpId));
      const sub = await listAll(saver, cfg('t', 'sub:x'));
      expect(ids(sub)).toEqual([5, 4].map(cpId));
      expect(sub[0]?.config).toEqual(cfg('t', 'sub:x', cpId(5)));
      expect(sub[0]?.parentConfig).toEqual(cfg('t', 'sub:x', cpId(4)));
      expect(sub[0]?.checkpoint.channel_values).toEqual({ counter: 1, fixed: 'unchanged' });
    });

    it('applies before (strictly less), limit and checkpoint_id', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 6);
      expect(ids(await listAll(saver, cfg('t'), { before: cfg('t', '', cpId(4)) }))).toEqual([3, 2, 1].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { limit: 2 }))).toEqual([6, 5].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { before: cfg('t', '', cpId(5)), limit: 2 }))).toEqual([4, 3].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { limit: 0 }))).toEqual([]);
      expect(ids(await listAll(saver, cfg('t', '', cpId(2))))).toEqual([cpId(2)]);
    });

    it('filters on metadata equality, with limit counted after filtering', async () => {
      const saver = await createSaver();
      for (let n = 1; n <= 6; n++) {
        const extra = { source: n % 2 ? 'loop' : 'update', tag: { even: n % 2 === 0 } };
        await saver.put(cfg('t'), makeCheckpoint(n, { n }, { n }), meta(n, extra), { n });
      }
      expect(ids(await listAll(saver, cfg('t'), { filter: { source: 'update' } }))).toEqual([6, 4, 2].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { filter: { source: 'update' }, limit: 2 }))).toEqual([6, 4].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { filter: { step: 3, source: 'loop' } }))).toEqual([cpId(3)]);
      expect(ids(await listAll(saver, cfg('t'), { filter: { tag: { even: false } } }))).toEqual([5, 3, 1].map(cpId));
      expect(ids(await listAll(saver, cfg('t'), { filter: { missing: 'x' } }))).toEqual([]);
    });

    it('returns each checkpoint with its pending writes', async () => {
      const saver = await createSaver();
      const [c1, c2] = await putChain(saver, 't', '', 2);
      await saver.putWrites(c1!, [['counter', 10]], 'task-a');
      const listed = await listAll(saver, cfg('t'));
      expect(listed[0]?.config).toEqual(c2);
      expect(listed[0]?.pendingWrites).toEqual([]);
      expect(listed[1]?.pendingWrites).toEqual([['task-a', 'counter', 10]]);
    });
  });
}
