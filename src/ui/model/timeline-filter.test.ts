import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../protocol/dto';
import { filterChoices, filterRows, isFilterActive, NO_FILTER, positionOf, rowOfStep } from './timeline-filter';
import { layoutTimeline } from './timeline-tree';

let n = 0;
const cp = (id: string, parentId: string | null, step: number, extra: Partial<CheckpointSummary> = {}): CheckpointSummary => ({
  checkpointId: id, parentId, ns: '', step, source: step < 0 ? 'input' : 'loop', ts: new Date(Date.UTC(2026, 0, 1, 0, 0, n++)).toISOString(),
  next: [], pendingWrites: 0, hasInterrupts: false, hasError: false, ...extra,
});

// input → research → draft (interrupted) → end, and a fork from the research checkpoint.
const layout = layoutTimeline([
  cp('c0', null, -1, { next: ['__start__'], pendingWrites: 1, writeChannels: ['topic'] }),
  cp('c1', 'c0', 0, { next: ['research'], pendingWrites: 1, writeChannels: ['notes'] }),
  cp('c2', 'c1', 1, { next: ['draft'], pendingWrites: 2, writeChannels: ['__interrupt__', 'notes'], hasInterrupts: true }),
  cp('c3', 'c2', 2, { next: [] }),
  cp('fork-2998ab', 'c1', 2, { source: 'fork', next: ['draft'] }),
]);
const ids = (idx: number[]) => idx.map((i) => layout.rows[i]!.item.checkpointId);

describe('timeline filter', () => {
  it('keeps every row without a filter', () => {
    expect(isFilterActive(NO_FILTER)).toBe(false);
    expect(ids(filterRows(layout.rows, NO_FILTER))).toEqual(['fork-2998ab', 'c3', 'c2', 'c1', 'c0']);
  });

  it('filters by next node, written channel, status and text, all together', () => {
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, node: 'draft' }))).toEqual(['fork-2998ab', 'c2']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, channel: 'notes' }))).toEqual(['c2', 'c1']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, status: 'interrupted' }))).toEqual(['c2']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, status: 'fork' }))).toEqual(['fork-2998ab']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, status: 'branch' }))).toEqual(['fork-2998ab']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, status: 'writes' }))).toEqual(['c2', 'c1', 'c0']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, node: 'draft', channel: 'notes' }))).toEqual(['c2']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'RESEARCH' }))).toEqual(['c1']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'step 2' }))).toEqual(['fork-2998ab', 'c3']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'fork draft' }))).toEqual(['fork-2998ab']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'nothing here' }))).toEqual([]);
    // An id matches by a part of 8 characters or more, never by a short word or a number in it.
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'f1' }))).toEqual([]);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'c3' }))).toEqual([]);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: '2998' }))).toEqual([]);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'step 2998' }))).toEqual([]);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'ORK-2998' }))).toEqual(['fork-2998ab']);
    expect(ids(filterRows(layout.rows, { ...NO_FILTER, text: 'fork-2998ab step 2' }))).toEqual(['fork-2998ab']);
    expect(isFilterActive({ ...NO_FILTER, text: '  ' })).toBe(false);
  });

  it('control signals skipped: a checkpoint holding an error or interrupt that a completed step ran on from', () => {
    // a failed step (c1 holds web's __error__) continued to c2; an interrupt pending at c2; an
    // interrupt at x1 answered by a resume whose step has not completed.
    const rows = layoutTimeline([
      cp('c0', null, -1, { next: ['__start__'] }),
      cp('c1', 'c0', 0, { next: ['docs', 'web'], writeChannels: ['results', '__error__'], hasError: true }),
      cp('c2', 'c1', 1, { next: ['ask'], writeChannels: ['__interrupt__'], hasInterrupts: true }),
      cp('x1', 'c0', 0, { source: 'fork', next: ['web'], writeChannels: ['__interrupt__'], hasInterrupts: true }),
    ]).rows;
    const kept = filterRows(rows, { ...NO_FILTER, status: 'control-skipped' }).map((i) => rows[i]!.item.checkpointId);
    expect(kept).toEqual(['c1']);
  });

  it('offers the nodes and channels the rows mention', () => {
    expect(filterChoices(layout.rows)).toEqual({ nodes: ['__start__', 'draft', 'research'], channels: ['__interrupt__', 'notes', 'topic'] });
  });

  it('jumps to a step on the selected row\'s branch first', () => {
    const all = filterRows(layout.rows, NO_FILTER);
    const at = (id: string) => layout.indexOf.get(id)!;
    expect(layout.rows[rowOfStep(layout.rows, all, 2, at('c0'))]!.item.checkpointId).toBe('c3');
    expect(layout.rows[rowOfStep(layout.rows, all, 2, at('fork-2998ab'))]!.item.checkpointId).toBe('fork-2998ab');
    expect(layout.rows[rowOfStep(layout.rows, all, 2, undefined)]!.item.checkpointId).toBe('fork-2998ab');
    expect(rowOfStep(layout.rows, all, 9, undefined)).toBe(-1);
    expect(rowOfStep(layout.rows, null, 2, at('c0'))).toBe(rowOfStep(layout.rows, all, 2, at('c0')));
    expect(positionOf([1, 4, 9, 12], 9)).toBe(2);
    expect(positionOf([1, 4, 9, 12], 5)).toBe(-1);
    expect(positionOf([], 0)).toBe(-1);
    // Only among the rows shown.
    expect(rowOfStep(layout.rows, filterRows(layout.rows, { ...NO_FILTER, status: 'fork' }), 1, undefined)).toBe(-1);
  });

  it('filters 100,000 rows in one pass', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => cp(`x${String(i).padStart(6, '0')}`, i === 0 ? null : `x${String(i - 1).padStart(6, '0')}`, i, { next: [i % 10 === 0 ? 'rare' : 'common'], writeChannels: ['v'] }));
    const big = layoutTimeline(many);
    expect(filterRows(big.rows, { ...NO_FILTER, node: 'rare' })).toHaveLength(10_000);
    expect(filterRows(big.rows, { ...NO_FILTER, text: 'step 99999' })).toHaveLength(1);
  });
});
