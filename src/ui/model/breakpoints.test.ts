import { describe, expect, it } from 'vitest';
import type { GraphInfo, GraphShape } from '../../protocol/dto';
import { breakMark, breakpointsOf, breakpointsText, compiledBreakpoints, NO_BREAKPOINTS, parseBreakpoints, pruneBreakpoints, toggleBreakpoint } from './breakpoints';

const shape = (...ids: string[]): GraphShape => ({
  nodes: [{ id: '__start__', kind: 'start' }, ...ids.map((id) => ({ id, kind: 'node' as const })), { id: '__end__', kind: 'end' }],
  edges: [],
});
const graph = (id: string, s: GraphShape, extra: Partial<GraphInfo> = {}): GraphInfo => ({ id, title: id, description: '', origin: 'builtin', shape: s, exampleInput: {}, ...extra });

describe('breakpoints per graph', () => {
  it('a toggle sets and removes a breakpoint on one graph only', () => {
    let all = toggleBreakpoint({}, 'chain', 'review', 'after');
    all = toggleBreakpoint(all, 'chain', 'draft', 'before');
    expect(breakpointsOf(all, 'chain')).toEqual({ before: ['draft'], after: ['review'] });
    // Another graph has none of them.
    expect(breakpointsOf(all, 'human-review')).toBe(NO_BREAKPOINTS);
    expect(breakpointsOf(all, null)).toBe(NO_BREAKPOINTS);
    all = toggleBreakpoint(all, 'human-review', 'review', 'before');
    expect(breakpointsOf(all, 'human-review')).toEqual({ before: ['review'], after: [] });
    expect(breakpointsOf(all, 'chain')).toEqual({ before: ['draft'], after: ['review'] });
    // Removing a graph's last breakpoint removes its entry.
    all = toggleBreakpoint(all, 'human-review', 'review', 'before');
    expect(Object.keys(all)).toEqual(['chain']);
  });

  it('drops breakpoints on nodes a listed graph no longer has, keeps those of graphs it cannot see', () => {
    const all = { chain: { before: ['draft', 'gone'], after: ['review'] }, old: { before: ['x'], after: [] }, broken: { before: ['a'], after: [] }, empty: { before: ['z'], after: [] } };
    const graphs = [
      graph('chain', shape('research', 'draft', 'review')),
      graph('old', shape('y')),
      graph('broken', { nodes: [], edges: [] }, { origin: 'user', quarantine: { reason: 'load-failed', message: 'x', since: '2026-01-01T00:00:00Z' } }),
      graph('empty', { nodes: [], edges: [] }),
    ];
    const pruned = pruneBreakpoints(all, graphs);
    expect(pruned).toEqual({ chain: { before: ['draft'], after: ['review'] }, broken: { before: ['a'], after: [] }, empty: { before: ['z'], after: [] } });
    // Nothing to drop: the same object (no store update, no write).
    expect(pruneBreakpoints(pruned, graphs)).toBe(pruned);
    expect(pruneBreakpoints(pruned, [])).toBe(pruned);
  });

  it('a node compiled with a breakpoint is marked compiled, whatever the person set', () => {
    const s: GraphShape = { nodes: [{ id: 'a', kind: 'node', interruptBefore: true }, { id: 'b', kind: 'node', interruptAfter: true }, { id: 'c', kind: 'node' }], edges: [] };
    const yours = { before: ['a', 'c'], after: ['c'] };
    expect(s.nodes.map((n) => [breakMark(n, 'before', yours), breakMark(n, 'after', yours)])).toEqual([['compiled', null], [null, 'compiled'], ['yours', 'yours']]);
    const compiled = compiledBreakpoints(s);
    expect(compiled).toEqual({ before: ['a'], after: ['b'] });
    expect(compiledBreakpoints(shape('a'))).toBe(NO_BREAKPOINTS);
    expect(breakpointsText(yours, compiled)).toBe('before a (compiled), after b (compiled), before c, after c');
  });

  it('reads what storage kept, dropping malformed entries', () => {
    expect(parseBreakpoints(null)).toEqual({});
    expect(parseBreakpoints('not json')).toEqual({});
    expect(parseBreakpoints('["a"]')).toEqual({});
    const raw = JSON.stringify({ chain: { before: ['draft', 'draft'], after: ['review'] }, bad: { before: 'x', after: [] }, odd: 7, none: { before: [], after: [] }, nums: { before: [1], after: [] } });
    expect(parseBreakpoints(raw)).toEqual({ chain: { before: ['draft'], after: ['review'] } });
  });
});
