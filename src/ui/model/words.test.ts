import { describe, expect, it } from 'vitest';
import { channelWords, NULL_TASK_ID, taskPathText, taskText, writesText } from './words';

describe('human words', () => {
  it('counts writes in words', () => {
    expect(writesText(1)).toBe('1 write');
    expect(writesText(3)).toBe('3 writes');
    expect(writesText(12000)).toBe('12,000 writes');
  });

  it('names the task of a write; the null task id is the input', () => {
    expect(taskText(NULL_TASK_ID, null)).toBe('no task (input)');
    expect(taskText(NULL_TASK_ID, 'x')).toBe('no task (input)');
    expect(taskText('3f2a9c1e-0000-4000-8000-000000000001', 'draft')).toBe('draft');
    expect(taskText('3f2a9c1e-0000-4000-8000-000000000001', null)).toBe('task 3f2a9c1e…');
    expect(taskText('f29cc92f5e405c4ea04737765a6e67c3', null, 'review')).toBe("answer to review's interrupt");
  });

  it('says what a task path means and keeps the raw path', () => {
    expect(taskPathText({ name: 'draft', kind: 'pull', path: '__pregel_pull, draft' })).toEqual({ text: 'draft', raw: '(pull, __pregel_pull, draft)' });
    expect(taskPathText({ name: 'worker', kind: 'push', path: '__pregel_push, 2' })).toEqual({ text: 'Send #2', raw: '(push, __pregel_push, 2)' });
    expect(taskPathText({ name: 'worker', kind: 'push', path: '__pregel_push, 0, false' }).text).toBe('Send #0');
    expect(taskPathText({ name: 'fetch', kind: 'push', path: '__pregel_push, ~__pregel_pull, main, 0' }).text).toBe('call of fetch');
    expect(taskPathText({ name: 'odd', kind: 'pull', path: 'something else' }).text).toBe('something else');
  });

  it('has words for reserved channels only', () => {
    expect(channelWords('__interrupt__')).toBe('interrupt');
    expect(channelWords('__resume__')).toBe('resume value');
    expect(channelWords('branch:to:review')).toBe('route to review');
    expect(channelWords('messages')).toBeNull();
    expect(channelWords('constructor')).toBeNull();
  });
});
