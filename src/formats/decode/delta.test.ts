/** DeltaChannel rebuild on hand-made ancestor chains (the fixture runs are in tests/formats). */
import { describe, expect, it } from 'vitest';
import type { ForeignWrite } from './checkpoint';
import { missingDeltaChannels, rebuildDeltaChannel, reduceMessages, type DeltaAncestor } from './delta';

const msg = (type: string, id: string | undefined, content = id) => ({ $type: 'message' as const, type, class: 'X', content, ...(id ? { id } : {}) });
const write = (channel: string, value: unknown, taskId = 't'): ForeignWrite => ({ taskId, channel, idx: 0, type: 'json', value });

/** A chain c0 ← c1 ← … ; `values[i]` are c_i's stored values, `writes[i]` its writes. */
function chain(values: Record<string, unknown>[], writes: ForeignWrite[][]): (id: string) => DeltaAncestor | undefined {
  return (id) => {
    const i = Number(id.slice(1));
    if (!(i in values)) return undefined;
    return { parentCheckpointId: i === 0 ? null : `c${i - 1}`, channelValues: values[i]!, writes: writes[i] ?? [] };
  };
}

describe('missingDeltaChannels', () => {
  it('names the counted channels that have no value', () => {
    expect(missingDeltaChannels({ counters_since_delta_snapshot: { messages: [1, 2], log: [0, 1] } }, { log: [] })).toEqual(['messages']);
    expect(missingDeltaChannels({}, {})).toEqual([]);
    expect(missingDeltaChannels({ counters_since_delta_snapshot: [1] }, {})).toEqual([]);
  });
});

describe('reduceMessages', () => {
  it('appends, replaces by id, removes, and clears on REMOVE_ALL_MESSAGES', () => {
    const state = [msg('human', 'h1'), msg('ai', 'a1')];
    expect(reduceMessages(state, [[msg('ai', 'a1', 'edited'), msg('human', 'h2')]])).toEqual([msg('human', 'h1'), msg('ai', 'a1', 'edited'), msg('human', 'h2')]);
    expect(reduceMessages(state, [msg('remove', 'h1')])).toEqual([msg('ai', 'a1')]);
    expect(reduceMessages(state, [[msg('remove', '__remove_all__'), msg('human', 'h3')]])).toEqual([msg('human', 'h3')]);
    expect(reduceMessages(state, [msg('human', undefined, 'no id'), msg('human', undefined, 'no id')])).toHaveLength(4);
  });
});

describe('rebuildDeltaChannel', () => {
  it('replays the writes of every ancestor after the seed, oldest first', async () => {
    const load = chain([{ log: ['a'] }, {}, {}], [[write('log', ['b'])], [write('log', ['c']), write('other', 1)], [write('log', ['not yet'])]]);
    // The checkpoint after c2 has parent c2: the writes of c2 are the step that led to it.
    expect(await rebuildDeltaChannel('log', 'c2', load, 100)).toEqual({ value: ['a', 'b', 'c', 'not yet'], provenance: { status: 'rebuilt', reducer: 'concat', writes: 3, seedCheckpointId: 'c0' } });
  });

  it('starts empty when no ancestor holds a value, and rebuilds messages by id', async () => {
    const load = chain([{}, {}], [[write('messages', [msg('human', 'h1')])], [write('messages', [msg('ai', 'a1')]), write('messages', [msg('ai', 'a1', 'final')])]]);
    expect(await rebuildDeltaChannel('messages', 'c1', load, 100)).toEqual({ value: [msg('human', 'h1'), msg('ai', 'a1', 'final')], provenance: { status: 'rebuilt', reducer: 'messages', writes: 3 } });
  });

  it('restarts from the last Overwrite (Python dataclass or JS wire form)', async () => {
    const pyOverwrite = { $type: 'object', module: 'langgraph.types', name: 'Overwrite', kind: 'fields', fields: { value: ['reset'] } };
    const load = chain([{ log: ['a'] }, {}], [[write('log', ['b']), write('log', pyOverwrite)], [write('log', ['c'])]]);
    expect((await rebuildDeltaChannel('log', 'c1', load, 100)).value).toEqual(['reset', 'c']);
    const js = chain([{ log: ['a'] }], [[write('log', { __overwrite__: ['x'] }), write('log', ['y'])]]);
    expect((await rebuildDeltaChannel('log', 'c0', js, 100)).value).toEqual(['x', 'y']);
  });

  it('is unresolved for an unknown reducer, a missing ancestor or a walk too long', async () => {
    const counters = chain([{ n: 1 }], [[write('n', 2)]]);
    expect(await rebuildDeltaChannel('n', 'c0', counters, 100)).toEqual({ provenance: { status: 'unresolved', writes: 1, seedCheckpointId: 'c0', reason: 'the channel reducer is not one this reader knows (messages or lists)' } });
    expect((await rebuildDeltaChannel('n', 'c9', counters, 100)).provenance).toMatchObject({ status: 'unresolved', reason: 'ancestor c9 is missing' });
    const long = chain(Array.from({ length: 50 }, () => ({})), []);
    expect((await rebuildDeltaChannel('log', 'c49', long, 10)).provenance).toMatchObject({ status: 'unresolved', reason: 'more than 10 ancestors to walk' });
  });
});
