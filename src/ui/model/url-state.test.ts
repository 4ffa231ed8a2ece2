import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from './url-state';

describe('url state', () => {
  it('round-trips thread, subgraph namespace, checkpoint and tab', () => {
    const state = { thread: 't 1', ns: 'inner:abc|deeper:def', checkpoint: 'cp-9', graph: null, tab: 'writes' };
    expect(parseUrlState(formatUrlState(state))).toEqual(state);
  });
  it('keeps unrelated parameters and drops empty ones', () => {
    const s = formatUrlState({ thread: null, ns: 'x', checkpoint: 'y', graph: 'chain', tab: null }, '?testGraphs=1&thread=old');
    const p = new URLSearchParams(s);
    expect(p.get('testGraphs')).toBe('1');
    expect(p.get('graph')).toBe('chain');
    expect(p.has('thread')).toBe(false);
    expect(p.has('checkpoint')).toBe(false);
  });
  it('reads an empty query as the default view', () => {
    expect(parseUrlState('')).toEqual({ thread: null, ns: '', checkpoint: null, graph: null, tab: null });
  });
});
