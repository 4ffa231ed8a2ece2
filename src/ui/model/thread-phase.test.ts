import { describe, expect, it } from 'vitest';
import { threadPhase } from './thread-phase';

describe('threadPhase', () => {
  it('an idle thread is done when nothing is left to run, paused when something is, idle when not known', () => {
    expect(threadPhase('idle', [])).toEqual({ phase: 'done', text: 'done' });
    expect(threadPhase('idle', ['review', 'draft'])).toEqual({ phase: 'paused', text: 'paused before review, draft' });
    expect(threadPhase('idle', undefined)).toEqual({ phase: 'idle', text: 'idle' });
  });

  it('running, interrupted and failed say so whatever is left to run', () => {
    expect(threadPhase('running', ['a']).phase).toBe('running');
    expect(threadPhase('interrupted', ['a']).phase).toBe('interrupted');
    expect(threadPhase('error', ['a'])).toEqual({ phase: 'failed', text: 'failed' });
  });
});
