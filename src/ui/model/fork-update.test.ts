import { describe, expect, it } from 'vitest';
import type { GraphShape } from '../../protocol/dto';
import { OVERWRITE_WIRE_KEY } from '../../protocol/dto-graph';
import { changedKeys, channelsAt, forkPlan, sameJson, SERVER_CHANNELS_UNKNOWN, type ForkChannels } from './fork-update';

const shown = { steps: ['research cats'], topic: 'cats', meta: { a: 1, b: [1, 2] } };
const local: ForkChannels = { known: true, channels: [{ name: 'steps', kind: 'reducer' }, { name: 'topic', kind: 'last-value' }, { name: 'meta', kind: 'last-value' }] };

describe('sameJson', () => {
  it('compares deeply, object key order aside', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: undefined as never }, { b: undefined as never })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});

describe('changedKeys', () => {
  it('the shown state unchanged sends nothing, whatever the text layout', () => {
    expect(changedKeys(shown, JSON.parse(JSON.stringify({ meta: { b: [1, 2], a: 1 }, topic: 'cats', steps: ['research cats'] })))).toEqual({ changed: [], kept: [] });
  });

  it('one key edited: only that key; a deep edit changes its top-level key; new keys count; removed keys are kept', () => {
    expect(changedKeys(shown, { ...shown, topic: 'dogs' }).changed).toEqual(['topic']);
    expect(changedKeys(shown, { ...shown, meta: { a: 1, b: [1, 3] } }).changed).toEqual(['meta']);
    expect(changedKeys(shown, { ...shown, extra: 0 }).changed).toEqual(['extra']);
    expect(changedKeys(shown, { topic: 'dogs' })).toEqual({ changed: ['topic'], kept: ['steps', 'meta'] });
  });
});

describe('forkPlan', () => {
  it('sends only the edited key: a list with a reducer is not sent again (it would be appended to itself)', () => {
    const plan = forkPlan(shown, { ...shown, topic: 'dogs' }, local, new Set());
    expect(plan.values).toEqual({ topic: 'dogs' });
    expect(plan.lines).toEqual([{ key: 'topic', how: 'last-value', overwrite: false, canOverwrite: false, text: 'topic replaces the value' }]);
  });

  it('nothing edited: no update (null), and no line', () => {
    expect(forkPlan(shown, { ...shown }, local, new Set())).toEqual({ values: null, lines: [], kept: [] });
  });

  it('a reducer key says it is appended or merged; chosen to overwrite, it is sent as LangGraph\'s Overwrite and says it replaces', () => {
    const edited = { ...shown, steps: ['only this'] };
    const merged = forkPlan(shown, edited, local, new Set());
    expect(merged.values).toEqual({ steps: ['only this'] });
    expect(merged.lines[0]).toMatchObject({ how: 'reducer', canOverwrite: true, overwrite: false });
    expect(merged.lines[0].text).toBe('steps has a reducer: your value is appended or merged by it, not put in place of the current one');
    const over = forkPlan(shown, edited, local, new Set(['steps']));
    expect(over.values).toEqual({ steps: { [OVERWRITE_WIRE_KEY]: ['only this'] } });
    expect(over.lines[0]).toMatchObject({ overwrite: true, text: 'steps has a reducer, overwritten: your value replaces the current one' });
  });

  it('overwrite is never applied to a key without a reducer, nor to a key that was not edited', () => {
    const plan = forkPlan(shown, { ...shown, topic: 'dogs' }, local, new Set(['topic', 'steps']));
    expect(plan.values).toEqual({ topic: 'dogs' });
    expect(plan.lines[0].overwrite).toBe(false);
  });

  it('channel kinds not known (a server): says so with the reason, and offers no overwrite', () => {
    const plan = forkPlan(shown, { ...shown, steps: ['x'] }, { known: false, why: SERVER_CHANNELS_UNKNOWN }, new Set(['steps']));
    expect(plan.values).toEqual({ steps: ['x'] });
    expect(plan.lines[0]).toMatchObject({ how: 'unknown', canOverwrite: false, overwrite: false });
    expect(plan.lines[0].text).toBe(`steps: not known whether it has a reducer (${SERVER_CHANNELS_UNKNOWN}); if it has one, your value is appended or merged by it`);
  });

  it('names the other kinds in words, and a key that is not in the state', () => {
    const kinds: ForkChannels = { known: true, channels: [{ name: 't', kind: 'topic' }, { name: 'e', kind: 'ephemeral' }, { name: 'o', kind: 'other' }] };
    const texts = forkPlan({}, { t: 1, e: 2, o: 3, z: 4 }, kinds, new Set()).lines.map((l) => [l.how, l.text]);
    expect(texts).toEqual([
      ['topic', 't is a topic: your value is added to the values it holds'],
      ['ephemeral', 'e replaces the value for the next step only (an ephemeral channel)'],
      ['other', 'o is a special channel: how your value is applied is up to it'],
      ['not-in-state', "z is not one of this graph's state keys"],
    ]);
  });
});

describe('channelsAt', () => {
  const inner: GraphShape = { nodes: [], edges: [], channels: [{ name: 'steps', kind: 'reducer' }] };
  const root: GraphShape = { nodes: [{ id: 'work', kind: 'subgraph', subgraph: inner }], edges: [], channels: [{ name: 'steps', kind: 'last-value' }] };
  it('the root graph\'s channels at the root namespace, a subgraph\'s own in its namespace, undefined when not known', () => {
    expect(channelsAt(root, '')).toEqual(root.channels);
    expect(channelsAt(root, 'work:1234')).toEqual(inner.channels);
    expect(channelsAt(root, 'other:1')).toBeUndefined();
    expect(channelsAt(undefined, '')).toBeUndefined();
  });
});
