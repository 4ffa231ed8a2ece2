/**
 * Tests of the differential harness itself: labels, canonical write order, and that a behaviour
 * change in an implementation does change the outcome (so a "match" means something).
 */
import { describe, expect, it } from 'vitest';
import { LANGGRAPH_JS } from './harness/impl';
import { Labeler, labelNamespace } from './harness/labels';
import { newLabels, plain } from './harness/normalize';
import { runScenario } from './harness/scenario';
import { normPendingWrites } from './harness/snapshot';
import { CORE_SCENARIOS } from './scenarios/all';

const byName = (prefix: string) => {
  const sc = CORE_SCENARIOS.find((s) => s.name.startsWith(prefix));
  if (!sc) throw new Error(`no scenario ${prefix}`);
  return sc;
};

describe('differential harness', () => {
  it('labels ids by first appearance, counted per prefix', () => {
    const l = new Labeler();
    expect([l.label('x', 'a'), l.label('y', 'b'), l.label('z', 'a'), l.label('x', 'zzz')]).toEqual(['a#0', 'b#0', 'a#1', 'a#0']);
  });

  it('labels the task ids inside a checkpoint namespace', () => {
    const tasks = new Labeler();
    const ns = 'sub:1f1ec3fb-3297-6750-8002-120c4fa337b0|inner:0a1b2c3d-0000-5000-8000-000000000000';
    expect(labelNamespace(ns, tasks)).toBe('sub:sub#0|inner:inner#0');
    expect(labelNamespace('sub', tasks)).toBe('sub');
  });

  it('orders saved writes by task, specials first, regular ones as saved', () => {
    const labels = newLabels();
    labels.tasks.label('t-b', 'b');
    labels.tasks.label('t-a', 'a');
    const rows = normPendingWrites(
      [
        ['t-b', 'value', 1],
        ['t-a', 'value', 2],
        ['t-a', '__interrupt__', [{ value: 'q', id: 'i1' }]],
        ['t-a', '__resume__', ['r']],
        ['t-a', 'branch:to:c', null],
      ],
      labels,
    );
    expect(rows).toEqual([
      ['a#0', '__resume__', ['r']],
      ['a#0', '__interrupt__', [{ value: 'q', id: 'intr#0' }]],
      ['a#0', 'value', 2],
      ['a#0', 'branch:to:c', null],
      ['b#0', 'value', 1],
    ]);
  });

  it('reduces errors, Sends and interrupts to plain data', () => {
    const labels = newLabels();
    const value = { e: new TypeError('bad'), s: new LANGGRAPH_JS.Send('n', { x: 1 }), __interrupt__: [{ value: 1, id: 'abc' }], u: undefined };
    expect(plain(value, labels)).toEqual({ e: { name: 'TypeError', message: 'bad' }, s: { Send: 'n', args: { x: 1 } }, __interrupt__: [{ value: 1, id: 'intr#0' }] });
  });

  it('gives equal outcomes for two runs of the same implementation', async () => {
    const sc = byName('C13');
    expect(await runScenario(sc, LANGGRAPH_JS)).toEqual(await runScenario(sc, LANGGRAPH_JS));
  });

  it('gives a different outcome when an implementation behaves differently', async () => {
    const sc = byName('C5');
    // An `interrupt` that never pauses: the graph runs straight through.
    const altered = { ...LANGGRAPH_JS, interrupt: () => 'auto' };
    const reference = await runScenario(sc, LANGGRAPH_JS);
    const changed = await runScenario(sc, altered);
    expect(changed).not.toEqual(reference);
    expect(changed.calls).toEqual({ a: 1, ask: 1, b: 1 });
  });
});
