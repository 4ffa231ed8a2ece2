import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../protocol/messages';
import { createEventGate } from './event-gate';

const base = { runId: 'r', checkpointNs: '', seq: 0 };
const saved = (id: string): RunEvent => ({ kind: 'trace', event: { ...base, type: '@engine.checkpoint.saved', step: 0, checkpointId: id, parentCheckpointId: null, source: 'loop', newChannels: [] } });
const notice = (id: string): RunEvent => ({
  kind: 'checkpoint',
  checkpoint: { checkpointId: id, parentId: null, ns: '', step: 0, source: 'loop', ts: '', next: [], pendingWrites: 0, hasInterrupts: false, hasError: false },
});
const tick = (step: number): RunEvent => ({ kind: 'trace', event: { ...base, type: '@engine.tick.start', step, checkpointId: 'x', isReplaying: false } });

function gate() {
  const out: RunEvent[] = [];
  return { g: createEventGate((e) => out.push(e)), out };
}

describe('event gate', () => {
  it('holds a saved checkpoint and everything after it until its put is posted, in order', () => {
    const { g, out } = gate();
    g.push(tick(0));
    g.push(saved('a'));
    g.push(tick(1));
    g.push(notice('a'));
    expect(out).toEqual([tick(0)]);
    expect(g.size).toBe(3);
    g.posted('a');
    expect(out).toEqual([tick(0), saved('a'), tick(1), notice('a')]);
    expect(g.size).toBe(0);
  });

  it('passes at once a checkpoint whose put was posted before it was announced', () => {
    const { g, out } = gate();
    g.posted('a');
    g.push(saved('a'));
    g.push(notice('a'));
    expect(out).toEqual([saved('a'), notice('a')]);
  });

  it('passes a notice of a checkpoint the run did not make (where it starts from)', () => {
    const { g, out } = gate();
    g.push(notice('older'));
    expect(out).toEqual([notice('older')]);
  });

  it('releases up to the first checkpoint still waiting; release() hands on the rest', () => {
    const { g, out } = gate();
    g.push(saved('a'));
    g.push(saved('b'));
    g.push(tick(2));
    g.posted('b');
    expect(out).toEqual([]);
    g.posted('a');
    expect(out).toEqual([saved('a'), saved('b'), tick(2)]);
    g.push(saved('c'));
    g.push(tick(3));
    g.release();
    expect(out.slice(3)).toEqual([saved('c'), tick(3)]);
  });
});
