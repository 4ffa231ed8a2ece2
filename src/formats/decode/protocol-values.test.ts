import { describe, expect, it } from 'vitest';
import { engineChannelValue, engineWriteValue, toStoredError } from './protocol-values';

describe('LangGraph protocol values in the engine encoding', () => {
  it('Send packets get their marker back; other TASKS-like objects are left alone', () => {
    expect(engineChannelValue('__pregel_tasks', [{ node: 'w', args: 1 }, { node: 'w', args: 2, timeout: 5 }])).toEqual([{ lg_name: 'Send', node: 'w', args: 1 }, { lg_name: 'Send', node: 'w', args: 2, timeout: 5 }]);
    expect(engineWriteValue('__pregel_tasks', { node: 'w', args: 1, extra: true })).toEqual({ node: 'w', args: 1, extra: true });
    expect(engineChannelValue('items', [{ node: 'w', args: 1 }])).toEqual([{ node: 'w', args: 1 }]);
  });

  it('Python error reprs become name and message', () => {
    expect(toStoredError("ValueError('boom')")).toEqual({ name: 'ValueError', message: 'boom', repr: "ValueError('boom')" });
    expect(toStoredError('GraphRecursionError("Recursion limit of 25 reached")')).toMatchObject({ name: 'GraphRecursionError', message: 'Recursion limit of 25 reached' });
    expect(toStoredError('httpx.ConnectError(1, 2)')).toMatchObject({ name: 'httpx.ConnectError', message: '1, 2' });
    expect(toStoredError('something odd')).toEqual({ name: 'Error', message: 'something odd', repr: 'something odd' });
    expect(toStoredError({ message: 'js' })).toEqual({ message: 'js', name: 'Error' });
  });
});
