import { describe, expect, it } from 'vitest';
import type { ThreadSummary } from '../../protocol/dto';
import { agoText, filterThreads, graphLabel, threadLabel } from './thread-list';

const t = (threadId: string, extra: Partial<ThreadSummary> = {}): ThreadSummary => ({ threadId, graphId: 'chain', status: 'idle', steps: 3, updatedAt: null, ...extra });
const graphs = [{ id: 'chain', title: 'Research chain' }, { id: 'human-review', title: 'Human review' }];

describe('thread list', () => {
  it('labels a thread by its name, else its id, and a graph by its title', () => {
    expect(threadLabel(t('abc'))).toBe('abc');
    expect(threadLabel(t('abc', { name: 'My run' }))).toBe('My run');
    expect(graphLabel('chain', graphs)).toBe('Research chain');
    expect(graphLabel('user:gone', graphs)).toBe('user:gone');
    expect(graphLabel(null, graphs)).toBe('?');
  });

  it('matches every word of a search against name, id, graph and status, case-insensitively', () => {
    const rows = [t('a1', { name: 'Essay draft' }), t('b2', { graphId: 'human-review', status: 'interrupted' }), t('c3-essay')];
    expect(filterThreads(rows, '').map((r) => r.threadId)).toEqual(['a1', 'b2', 'c3-essay']);
    expect(filterThreads(rows, 'ESSAY').map((r) => r.threadId)).toEqual(['a1', 'c3-essay']);
    expect(filterThreads(rows, 'essay draft').map((r) => r.threadId)).toEqual(['a1']);
    expect(filterThreads(rows, 'human interrupted', graphs).map((r) => r.threadId)).toEqual(['b2']);
    expect(filterThreads(rows, 'research', graphs).map((r) => r.threadId)).toEqual(['a1', 'c3-essay']);
    expect(filterThreads(rows, 'nothing')).toEqual([]);
  });

  it('says how long ago a thread changed', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(agoText(null, now)).toBe('—');
    expect(agoText('2026-12-01T11:59:50Z', now)).toBe('just now');
    expect(agoText('2026-12-01T11:55:00Z', now)).toBe('5 min ago');
    expect(agoText('2026-12-01T09:00:00Z', now)).toBe('3 h ago');
    expect(agoText('2026-11-30T12:00:00Z', now)).toBe('1 day ago');
    expect(agoText('2026-11-20T12:00:00Z', now)).toBe('11 days ago');
    expect(agoText('not a date', now)).toBe('not a date');
  });
});
