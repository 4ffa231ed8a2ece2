/**
 * A LangGraph thread history shaped exactly as the LangGraph API returns it
 * (@langchain/langgraph-sdk `ThreadState[]`, newest first): a run that stopped on an interrupt, and
 * a fork of its second checkpoint whose next task failed.
 */
import type { ThreadState } from '@langchain/langgraph-sdk';

export const LG_THREAD = 'lg-thread';
export const lgId = (n: number) => `1f0b1111-2222-6333-8444-${String(n).padStart(12, '0')}`;

const ref = (n: number) => ({ thread_id: LG_THREAD, checkpoint_ns: '', checkpoint_id: lgId(n), checkpoint_map: null });
const meta = (source: string, step: number, extra: Record<string, unknown> = {}) => ({
  source, step, parents: {}, graph_id: 'agent', assistant_id: 'a-1', run_id: 'r-1', ...extra,
});

/** The history, newest first, as `client.threads.getHistory(LG_THREAD)` returns it. */
export function branchedHistory(): ThreadState[] {
  const c1: ThreadState = {
    values: {}, next: ['__start__'], checkpoint: ref(1), metadata: meta('input', -1, { writes: { __start__: { question: 'hi' } } }),
    created_at: '2026-11-01T10:00:00.000Z', parent_checkpoint: null,
    tasks: [{ id: 'task-start', name: '__start__', error: null, interrupts: [], checkpoint: null, state: null, result: { question: 'hi' } }],
  };
  const c2: ThreadState = {
    values: { question: 'hi' }, next: ['draft'], checkpoint: ref(2), metadata: meta('loop', 0),
    created_at: '2026-11-01T10:00:01.000Z', parent_checkpoint: ref(1),
    tasks: [{ id: 'task-draft', name: 'draft', error: null, interrupts: [], checkpoint: null, state: null, result: { draft: '<p>v1</p>' } }],
  };
  const c3: ThreadState = {
    values: { question: 'hi', draft: '<p>v1</p>' }, next: ['review'], checkpoint: ref(3), metadata: meta('loop', 1),
    created_at: '2026-11-01T10:00:02.000Z', parent_checkpoint: ref(2),
    tasks: [{ id: 'task-review', name: 'review', error: null, interrupts: [{ id: 'int-1', value: { ask: 'approve?' } }], checkpoint: null, state: null }],
  };
  const c4: ThreadState = {
    values: { question: 'hi', draft: 'v2' }, next: ['review'], checkpoint: ref(4), metadata: meta('update', 1),
    created_at: '2026-11-01T10:05:00.000Z', parent_checkpoint: ref(2),
    tasks: [{ id: 'task-review-2', name: 'review', error: "ValueError('reviewer crashed')", interrupts: [], checkpoint: null, state: null }],
  };
  return [c4, c3, c2, c1];
}
