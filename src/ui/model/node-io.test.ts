import { describe, expect, it } from 'vitest';
import { nodeIoLine } from './node-io';

describe('nodeIoLine', () => {
  it('lists what a node read and wrote, with a dash for nothing', () => {
    expect(nodeIoLine({ read: ['messages'], wrote: ['messages', 'count'] })).toBe('read messages → wrote messages, count');
    expect(nodeIoLine({ read: [], wrote: [] })).toBe('read — → wrote —');
  });
});
