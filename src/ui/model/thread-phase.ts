/**
 * A thread's status in the words every view uses (the thread list, the toolbar, opened files'
 * lists): the worker's status (running, interrupted, error, idle) made precise by the nodes left
 * to run at its newest checkpoint: an idle thread with none left is done, with some it is paused.
 */
import type { ThreadStatus } from '../../protocol/dto';

/** What a thread is doing, as the views name it. */
export type ThreadPhase = 'running' | 'interrupted' | 'failed' | 'paused' | 'done' | 'idle';

/** The phase and its words, from the worker's status and the newest root checkpoint's `next` (when known). */
export function threadPhase(status: ThreadStatus, next: readonly string[] | undefined): { phase: ThreadPhase; text: string } {
  if (status === 'running') return { phase: 'running', text: 'running' };
  if (status === 'interrupted') return { phase: 'interrupted', text: 'interrupted' };
  if (status === 'error') return { phase: 'failed', text: 'failed' };
  if (next === undefined) return { phase: 'idle', text: 'idle' };
  if (next.length === 0) return { phase: 'done', text: 'done' };
  return { phase: 'paused', text: `paused before ${next.join(', ')}` };
}
