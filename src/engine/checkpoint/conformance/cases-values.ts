/** Conformance: channel values stored once per version, copied in and out, uncloneable values. */
import { CheckpointValueError } from '../types';
import { hasVersionCounter, type SaverFactory, type TestApi } from './api';
import { cfg, cpId, listAll, makeCheckpoint, meta, putChain } from './fixtures';

export function valuesCases({ describe, it, expect }: TestApi, createSaver: SaverFactory): void {
  describe('channel values stored once per version', () => {
    it('reads an unchanged channel from the version stored earlier, not from the later checkpoint', async () => {
      const saver = await createSaver();
      const c1 = await saver.put(cfg('t'), makeCheckpoint(1, { big: 'original', small: 0 }), meta(0), { big: 1, small: 1 });
      // `big` keeps version 1 and is not in newVersions: the saver must not store this copy.
      const second = makeCheckpoint(2, { big: 'NOT STORED', small: 1 }, { big: 1, small: 2 });
      await saver.put(c1, second, meta(1), { small: 2 });
      const tuple = await saver.getTuple(cfg('t'));
      expect(tuple?.checkpoint.channel_values).toEqual({ big: 'original', small: 1 });
      expect(tuple?.checkpoint.channel_versions).toEqual({ big: 1, small: 2 });
    });

    it('holds one blob per channel version however many checkpoints share it', async () => {
      const saver = await createSaver();
      await putChain(saver, 't', '', 10);
      const listed = await listAll(saver, cfg('t'));
      expect(listed.length).toBe(10);
      expect(listed.every((t) => t.checkpoint.channel_values.fixed === 'unchanged')).toBe(true);
      if (hasVersionCounter(saver)) expect(await saver.countStoredVersions('t')).toBe(11); // counter ×10 + fixed ×1
    });

    it('omits a channel whose version has no stored value (an empty channel)', async () => {
      const saver = await createSaver();
      const checkpoint = makeCheckpoint(1, { a: 1 }, { a: 1, cleared: 3 });
      await saver.put(cfg('t'), checkpoint, meta(0), { a: 1, cleared: 3 });
      expect((await saver.getTuple(cfg('t')))?.checkpoint.channel_values).toEqual({ a: 1 });
    });
  });

  describe('values are copied', () => {
    it('is not affected by mutating what was put or what was read', async () => {
      const saver = await createSaver();
      const value = { list: [1, 2], deep: { x: 'a' } };
      const metadata = meta(0, { info: { tag: 'v1' } });
      const checkpoint = makeCheckpoint(1, { obj: value });
      const c1 = await saver.put(cfg('t'), checkpoint, metadata, { obj: 1 });
      const write = { w: ['x'] };
      await saver.putWrites(c1, [['obj', write]], 'task');
      value.list.push(3);
      value.deep.x = 'changed';
      (metadata.info as { tag: string }).tag = 'changed';
      checkpoint.versions_seen.node!.obj = 99;
      write.w.push('y');
      const read = (await saver.getTuple(c1))!;
      expect(read.checkpoint.channel_values.obj).toEqual({ list: [1, 2], deep: { x: 'a' } });
      expect(read.checkpoint.versions_seen.node).toEqual({ obj: 1 });
      expect(read.metadata?.info).toEqual({ tag: 'v1' });
      expect(read.pendingWrites).toEqual([['task', 'obj', { w: ['x'] }]]);
      (read.checkpoint.channel_values.obj as { list: number[] }).list.push(4);
      (read.pendingWrites![0]![2] as { w: string[] }).w.push('z');
      const again = (await saver.getTuple(c1))!;
      expect(again.checkpoint.channel_values.obj).toEqual({ list: [1, 2], deep: { x: 'a' } });
      expect(again.pendingWrites).toEqual([['task', 'obj', { w: ['x'] }]]);
    });

    it('preserves structured-clone types (Date, Map, nested arrays)', async () => {
      const saver = await createSaver();
      const values = { when: new Date(Date.UTC(2026, 1, 2)), map: new Map([['k', [1, { a: 2 }]]]), nested: [[[]]] };
      await saver.put(cfg('t'), makeCheckpoint(1, values), meta(0), { when: 1, map: 1, nested: 1 });
      const read = (await saver.getTuple(cfg('t')))!.checkpoint.channel_values;
      expect(read.when).toBeInstanceOf(Date);
      expect(read).toEqual(values);
    });
  });

  describe('values that cannot be stored', () => {
    it('rejects a put naming the channel, and stores nothing', async () => {
      const saver = await createSaver();
      const [c1] = await putChain(saver, 't', '', 1);
      const bad = makeCheckpoint(2, { ok: 1, callback: () => 1 });
      const attempt = saver.put(c1!, bad, meta(1), { ok: 2, callback: 2 });
      await expect(attempt).rejects.toBeInstanceOf(CheckpointValueError);
      await expect(saver.put(c1!, bad, meta(1), { ok: 2, callback: 2 })).rejects.toMatchObject({ channel: 'callback' });
      await expect(saver.put(c1!, bad, meta(1), { ok: 2, callback: 2 })).rejects.toThrow(/"callback"/);
      expect((await saver.getTuple(cfg('t')))?.checkpoint.id).toBe(cpId(1));
      expect((await listAll(saver, cfg('t'))).length).toBe(1);
      if (hasVersionCounter(saver)) expect(await saver.countStoredVersions('t')).toBe(2);
    });

    it('rejects a putWrites naming the channel, and stores none of its writes', async () => {
      const saver = await createSaver();
      const [c1] = await putChain(saver, 't', '', 1);
      const call = () => saver.putWrites(c1!, [['fine', 1], ['fn', Symbol('s')]], 'task');
      await expect(call()).rejects.toBeInstanceOf(CheckpointValueError);
      await expect(call()).rejects.toMatchObject({ channel: 'fn' });
      expect((await saver.getTuple(c1!))?.pendingWrites).toEqual([]);
    });
  });
}
