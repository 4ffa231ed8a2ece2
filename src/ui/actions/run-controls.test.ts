import { describe, expect, it } from 'vitest';
import type { CheckpointSummary, ThreadSummary } from '../../protocol/dto';
import { createAppStore } from '../store/createAppStore';
import type { StoreClient } from '../store/types';
import { selectRunControls } from './run-controls';

const row = (id: string, next: string[], extra: Partial<CheckpointSummary> = {}): CheckpointSummary => ({
  checkpointId: id, parentId: null, ns: '', step: 1, source: 'loop', ts: '2026-01-01T00:00:00Z', next, pendingWrites: 0, hasInterrupts: false, hasError: false, ...extra,
});
const thread = (status: ThreadSummary['status']): ThreadSummary => ({ threadId: 't1', graphId: 'g', status, steps: 3, updatedAt: null });

/** The toolbar's state for thread t1 whose newest root checkpoint is `head`. */
function controls(status: ThreadSummary['status'], head: CheckpointSummary | undefined, ns = '') {
  const { store } = createAppStore({ request: () => new Promise(() => undefined) } as unknown as StoreClient);
  store.setState({ threadId: 't1', graphId: 'g', threads: [thread(status)], history: head ? [head] : [], ns });
  return selectRunControls(store.getState());
}

describe('the run toolbar of an idle thread', () => {
  it('a finished thread (nothing left to run) reads "done", and Continue and Step say why they are off', () => {
    const c = controls('idle', row('c3', []));
    expect(c.status).toBe('done');
    expect(c.continueWhy).toMatch(/has finished/);
  });

  it('the newest checkpoint decides, wherever the store keeps it among the loaded rows', () => {
    const { store } = createAppStore({ request: () => new Promise(() => undefined) } as unknown as StoreClient);
    const input = row('1f0-000-input', ['__start__'], { step: -1, source: 'input' });
    store.setState({ threadId: 't1', graphId: 'g', threads: [thread('idle')], history: [input, row('1f0-003-last', [])], ns: '' });
    expect(selectRunControls(store.getState()).status).toBe('done');
  });

  it('a thread a run left with nodes to run (a breakpoint, step mode, a cancel) reads "paused before …" and can be continued', () => {
    const c = controls('idle', row('c2', ['review', 'draft']));
    expect(c.status).toBe('paused');
    expect(c.statusText).toMatch(/^paused before review, draft · 3 checkpoints/);
    expect(c.continueWhy).toBeNull();
  });

  it('a thread the list does not hold (a server thread) is told by its newest checkpoint', () => {
    const { store } = createAppStore({ request: () => new Promise(() => undefined) } as unknown as StoreClient);
    store.setState({ threadId: 'remote:s/t', graphId: 'g', threads: [], history: [row('c2', ['review', 'clarify'], { hasInterrupts: true })], ns: '' });
    const c = selectRunControls(store.getState());
    expect(c.status).toBe('interrupted');
    expect(c.statusText).toBe('interrupted · waiting at review, clarify');
  });

  it('waiting on an interrupt or failed stays so, and can be continued', () => {
    expect(controls('interrupted', row('c2', ['ask'], { hasInterrupts: true }))).toMatchObject({ status: 'interrupted', continueWhy: null });
    expect(controls('error', row('c2', ['web'], { hasError: true }))).toMatchObject({ status: 'error', continueWhy: null });
  });

  it('says nothing it does not know: no history read yet, or a subgraph namespace shown, leaves "idle"', () => {
    expect(controls('idle', undefined)).toMatchObject({ status: 'idle', continueWhy: null });
    expect(controls('idle', row('s1', []), 'sub:1')).toMatchObject({ status: 'idle', continueWhy: null });
  });
});

describe('the run toolbar of a thread whose graph is not loaded', () => {
  it('an imported graph not approved yet: Continue, Step, Replay and Fork say so (the worker refuses them too)', () => {
    const { store } = createAppStore({ request: () => new Promise(() => undefined) } as unknown as StoreClient);
    const graph = { id: 'user:imported', title: 'Imported', description: '', origin: 'user' as const, shape: { nodes: [], edges: [] }, exampleInput: {}, quarantine: { reason: 'unapproved' as const, message: 'not approved', since: '2026-12-07T00:00:00Z' } };
    store.setState({ threadId: 't1', graphId: 'user:imported', graphs: [graph as never], threads: [{ ...thread('error'), graphId: 'user:imported' }], history: [row('c1', ['a'])], checkpointId: 'c1' });
    const c = selectRunControls(store.getState());
    expect(c.continueWhy).toMatch(/has not been approved/);
    expect(c.atWhy).toMatch(/has not been approved/);
  });
});
