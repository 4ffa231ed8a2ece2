import { describe, expect, it } from 'vitest';
import { binopSpec } from '../channels/binop';
import { ephemeralSpec } from '../channels/ephemeral';
import { lastValueSpec } from '../channels/last_value';
import { topicSpec } from '../channels/topic';
import type { Checkpoint } from '../checkpoint/types';
import { ERROR, INTERRUPT, PULL, PUSH, RESUME, TASKS } from '../constants';
import { Send } from '../types';
import { applyWrites, increment, prepareNextTasks, reapplyPendingWrites, shouldInterrupt, sortTasks, taskPathStr } from './algo';
import type { Channels, PregelNode, PreparedTask } from './types';

const ckpt = (versions: Record<string, number> = {}, seen: Record<string, Record<string, number>> = {}): Checkpoint => ({
  v: 4, id: '1f000000-0000-6000-8000-000000000000', ts: '', channel_values: {}, channel_versions: versions, versions_seen: seen,
});

function channels(): Channels {
  return {
    value: binopSpec<string[], string[]>((a, b) => a.concat(b), () => []).create(),
    last: lastValueSpec().create(),
    'branch:to:a': ephemeralSpec(false).create(),
    'branch:to:b': ephemeralSpec(false).create(),
    [TASKS]: topicSpec(false).create(),
  };
}

const node = (name: string): PregelNode => ({ name, triggers: [`branch:to:${name}`], channels: ['value'], writers: () => [] });
const nodes = { a: node('a'), b: node('b') };

describe('taskPathStr and sortTasks', () => {
  it('formats paths as LangGraph does (zero-padded ints, ~-joined tuples)', () => {
    expect(taskPathStr([PULL, 'a'])).toBe('~__pregel_pull, a');
    expect(taskPathStr([PUSH, 3, false])).toBe('~__pregel_push, 0000000003, 0000000000');
    expect(taskPathStr(-1)).toBe('-000000001');
  });
  it('orders PULL before PUSH, PULL by name, Sends by index (10 after 9)', () => {
    const t = (path: (string | number | boolean)[]) => ({ name: String(path[1]), path, triggers: [], writes: [] });
    const sorted = sortTasks([t([PUSH, 10, false]), t([PUSH, 9, false]), t([PULL, 'b']), t([PULL, 'a'])]);
    expect(sorted.map((x) => x.path[1])).toEqual(['a', 'b', 9, 10]);
  });
});

describe('applyWrites', () => {
  it('returns new values and leaves its inputs untouched', () => {
    const c0 = ckpt({ 'branch:to:a': 1 });
    const ch0 = channels();
    ch0['branch:to:a'].update([null]);
    const r = applyWrites(c0, ch0, [{ name: 'a', path: [PULL, 'a'], triggers: ['branch:to:a'], writes: [['value', ['x']]] }], increment);
    expect(c0.channel_versions).toEqual({ 'branch:to:a': 1 });
    expect(c0.versions_seen).toEqual({});
    expect(ch0.value.get()).toEqual([]);
    expect(ch0['branch:to:a'].isAvailable()).toBe(true);
    expect(r.channels.value.get()).toEqual(['x']);
    expect(r.checkpoint.versions_seen.a).toEqual({ 'branch:to:a': 1 });
  });
  it('uses one new version for the whole step and clears ephemeral channels on a step bump', () => {
    const ch0 = channels();
    ch0['branch:to:a'].update([null]);
    const r = applyWrites(ckpt({ 'branch:to:a': 4, value: 2 }), ch0, [{ name: 'a', path: [PULL, 'a'], triggers: ['branch:to:a'], writes: [['value', ['x']], ['branch:to:b', null]] }], increment);
    expect(r.checkpoint.channel_versions).toEqual({ 'branch:to:a': 5, value: 5, 'branch:to:b': 5 });
    expect(r.channels['branch:to:a'].isAvailable()).toBe(false);
    expect(r.updated).toEqual(['branch:to:b', 'value']);
  });
  it('applies writes in task-path order whatever order the tasks are given in', () => {
    const mk = (name: string, path: (string | number | boolean)[], v: string) => ({ name, path, triggers: [PUSH], writes: [['value', [v]]] as [string, unknown][] });
    const tasks = [mk('w', [PUSH, 2, false], 's2'), mk('b', [PULL, 'b'], 'b'), mk('w', [PUSH, 0, false], 's0'), mk('a', [PULL, 'a'], 'a')];
    const r1 = applyWrites(ckpt({ value: 1 }), channels(), tasks, increment);
    const r2 = applyWrites(ckpt({ value: 1 }), channels(), [...tasks].reverse(), increment);
    expect(r1.channels.value.get()).toEqual(['a', 'b', 's0', 's2']);
    expect(r2.channels.value.get()).toEqual(['a', 'b', 's0', 's2']);
  });
  it('two writes to a last-value channel in one step raise InvalidUpdateError naming the channel', () => {
    const t = (name: string, v: number) => ({ name, path: [PULL, name], triggers: [], writes: [['last', v]] as [string, unknown][] });
    expect(() => applyWrites(ckpt(), channels(), [t('a', 1), t('b', 2)], increment)).toThrow(
      expect.objectContaining({ name: 'InvalidUpdateError', message: expect.stringContaining('Invalid update for channel "last" with values [1,2]') }),
    );
  });
  it('ignores control-signal writes', () => {
    const r = applyWrites(ckpt(), channels(), [{ name: 'a', path: [PULL, 'a'], triggers: [], writes: [[ERROR, {}], [INTERRUPT, []], [RESUME, 1]] }], increment);
    expect(r.updated).toEqual([]);
  });
});

describe('prepareNextTasks', () => {
  it('triggers a node when a trigger version is newer than the one it saw', () => {
    const ch = channels();
    ch['branch:to:a'].update([null]);
    ch['branch:to:b'].update([null]);
    const tasks = prepareNextTasks(ckpt({ 'branch:to:a': 2, 'branch:to:b': 2 }, { b: { 'branch:to:b': 2 } }), ch, nodes, { step: 3, checkpointNs: '' });
    expect(tasks.map((t) => t.name)).toEqual(['a']);
    expect(tasks[0].reasons).toEqual([{ channel: 'branch:to:a', version: 2, seen: null }]);
    expect(tasks[0].path).toEqual([PULL, 'a']);
  });
  it('prepares Sends first as PUSH tasks with the packet as input', () => {
    const ch = channels();
    ch[TASKS].update([new Send('b', { i: 1 }), new Send('a', { i: 2 })]);
    ch['branch:to:a'].update([null]);
    const tasks = prepareNextTasks(ckpt({ [TASKS]: 1, 'branch:to:a': 1 }), ch, nodes, { step: 1, checkpointNs: '' });
    expect(tasks.map((t) => [t.name, t.path])).toEqual([['b', [PUSH, 0, false]], ['a', [PUSH, 1, false]], ['a', [PULL, 'a']]]);
    expect(tasks[0].input).toEqual({ i: 1 });
  });
  it('derives deterministic task ids from the checkpoint id, step and path', () => {
    const ch = channels();
    ch['branch:to:a'].update([null]);
    const c = ckpt({ 'branch:to:a': 1 });
    const id1 = prepareNextTasks(c, ch, nodes, { step: 1, checkpointNs: '' })[0].id;
    const id2 = prepareNextTasks(c, ch, nodes, { step: 1, checkpointNs: '' })[0].id;
    const id3 = prepareNextTasks(c, ch, nodes, { step: 2, checkpointNs: '' })[0].id;
    const id4 = prepareNextTasks({ ...c, id: '1f000000-0000-6000-8000-000000000001' }, ch, nodes, { step: 1, checkpointNs: '' })[0].id;
    expect(id1).toBe(id2);
    expect(new Set([id1, id3, id4]).size).toBe(3);
  });
  it('only considers nodes triggered by the updated channels when they are known', () => {
    const ch = channels();
    ch['branch:to:a'].update([null]);
    ch['branch:to:b'].update([null]);
    const c = ckpt({ 'branch:to:a': 1, 'branch:to:b': 1 });
    const t2n = { 'branch:to:a': ['a'], 'branch:to:b': ['b'] };
    const tasks = prepareNextTasks(c, ch, nodes, { step: 1, checkpointNs: '', updatedChannels: ['branch:to:b'], triggerToNodes: t2n });
    expect(tasks.map((t) => t.name)).toEqual(['b']);
  });
});

describe('shouldInterrupt', () => {
  const t = [{ name: 'a', node: node('a') }];
  it('needs a node listed and a version newer than the last resume', () => {
    expect(shouldInterrupt(ckpt({ x: 2 }, { [INTERRUPT]: { x: 1 } }), ['a'], t)).toBe(true);
    expect(shouldInterrupt(ckpt({ x: 2 }, { [INTERRUPT]: { x: 2 } }), ['a'], t)).toBe(false);
    expect(shouldInterrupt(ckpt({ x: 2 }), ['b'], t)).toBe(false);
    expect(shouldInterrupt(ckpt({ x: 2 }), '*', t)).toBe(true);
  });
  it("'*' ignores hidden nodes", () => {
    expect(shouldInterrupt(ckpt({ x: 2 }), '*', [{ name: 's', node: { ...node('s'), tags: ['langsmith:hidden'] } }])).toBe(false);
  });
});

describe('reapplyPendingWrites', () => {
  it('gives finished tasks their saved writes and skips control signals, without mutating', () => {
    const task = (id: string): PreparedTask => ({ id, name: id, path: [PULL, id], triggers: [], reasons: [], input: {}, node: node(id), taskNs: id, writes: [] });
    const tasks = [task('t1'), task('t2')];
    const r = reapplyPendingWrites(tasks, [['t1', 'value', ['x']], ['t2', ERROR, { message: 'x' }], ['t2', RESUME, [1]], ['other', 'value', 1]]);
    expect(r.tasks[0].writes).toEqual([['value', ['x']]]);
    expect(r.tasks[1].writes).toEqual([]);
    expect(r.skipped.map((s) => s.channel)).toEqual([ERROR, RESUME]);
    expect(tasks[0].writes).toEqual([]);
  });
});
