import { describe, expect, it } from 'vitest';
import { Annotation, END, MemorySaver as LgMemorySaver, START, StateGraph, interrupt, type StateSnapshot } from '@langchain/langgraph';
import type { ThreadState } from '@langchain/langgraph-sdk';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { BaseCheckpointSaver, CheckpointTuple } from '../../src/engine/checkpoint/types';
import {
  exportThread, importAnyThread, importLangGraphHistory, importThread, importedNext, importedTasks, serializeThreadExport,
} from '../../src/worker/portability';
import { snapshotSaver } from './fixtures';
import { LG_THREAD, branchedHistory, lgId } from './langgraph-fixtures';

async function tuples(saver: BaseCheckpointSaver, threadId: string): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of saver.list({ configurable: { thread_id: threadId } })) out.push(t);
  return out;
}

const byId = (all: CheckpointTuple[], id: string) => all.find((t) => t.checkpoint.id === id)!;

describe('importLangGraphHistory', () => {
  it('keeps ids, parents (both branches), values and marks the thread read-only', async () => {
    const saver = new MemorySaver();
    const r = await importLangGraphHistory(saver, JSON.stringify(branchedHistory()));
    expect(r).toMatchObject({ ok: true, summary: { threadId: LG_THREAD, checkpoints: 4, readOnly: true } });
    const all = await tuples(saver, LG_THREAD);
    expect(all.map((t) => [t.checkpoint.id, t.parentConfig?.configurable?.checkpoint_id ?? null])).toEqual([
      [lgId(4), lgId(2)], [lgId(3), lgId(2)], [lgId(2), lgId(1)], [lgId(1), null],
    ]);
    expect(byId(all, lgId(3)).checkpoint.channel_values).toEqual({ question: 'hi', draft: '<p>v1</p>' });
    expect(byId(all, lgId(4)).checkpoint.channel_values).toEqual({ question: 'hi', draft: 'v2' });
    for (const t of all) expect(t.metadata).toMatchObject({ imported_from: 'langgraph', read_only: true, graph_id: 'agent' });
    expect(byId(all, lgId(4)).metadata).toMatchObject({ source: 'update', step: 1 });
  });

  it('keeps next and tasks in metadata, and shows interrupts, errors and results as pending writes', async () => {
    const saver = new MemorySaver();
    await importLangGraphHistory(saver, branchedHistory());
    const all = await tuples(saver, LG_THREAD);
    expect(byId(all, lgId(3)).metadata?.langgraph).toMatchObject({
      next: ['review'],
      tasks: [{ id: 'task-review', name: 'review', error: null, interrupts: [{ id: 'int-1', value: { ask: 'approve?' } }] }],
    });
    expect(byId(all, lgId(3)).pendingWrites).toEqual([['task-review', '__interrupt__', [{ id: 'int-1', value: { ask: 'approve?' } }]]]);
    expect(byId(all, lgId(4)).pendingWrites).toEqual([
      ['task-review-2', '__error__', { name: 'ValueError', message: "ValueError('reviewer crashed')" }],
    ]);
    expect(byId(all, lgId(2)).pendingWrites).toEqual([['task-draft', 'draft', '<p>v1</p>']]);
  });

  it('gives an unchanged channel its parent version and a changed one a version of its own', async () => {
    const saver = new MemorySaver();
    await importLangGraphHistory(saver, branchedHistory());
    const all = await tuples(saver, LG_THREAD);
    const v = (n: number) => byId(all, lgId(n)).checkpoint.channel_versions;
    expect(v(3).question).toBe(v(2).question);
    expect(v(4).question).toBe(v(2).question);
    expect(v(3).draft).not.toBe(v(4).draft); // two branches, two different values
    expect(byId(all, lgId(4)).checkpoint.updated_channels).toEqual(['draft']);
    // question ×1, draft ×2: one stored value per distinct version.
    expect(await saver.countStoredVersions(LG_THREAD)).toBe(3);
  });

  it('imports under another thread id and survives a replaygraph export/import round trip', async () => {
    const saver = new MemorySaver();
    expect((await importLangGraphHistory(saver, branchedHistory(), { threadId: 'mine' })).ok).toBe(true);
    const exported = await exportThread(saver, 'mine');
    if (!exported.ok) throw new Error(exported.error.message);
    const copy = new MemorySaver();
    const r = await importThread(copy, serializeThreadExport(exported.document));
    expect(r).toMatchObject({ ok: true, summary: { readOnly: true } });
    expect(await tuples(copy, 'mine')).toEqual(await tuples(saver, 'mine'));
  });

  it('refuses a truncated history by default, or cuts it when asked', async () => {
    const truncated = branchedHistory().slice(0, 3); // without the first checkpoint
    const saver = new MemorySaver();
    const refused = await importLangGraphHistory(saver, truncated);
    expect(refused).toMatchObject({ ok: false, error: { code: 'missing-parent', path: '$[2].parent_checkpoint.checkpoint_id' } });
    expect(refused.ok || refused.error.message).toMatch(/larger limit/);
    expect(await snapshotSaver(saver, [LG_THREAD])).toEqual([]);
    const cut = await importLangGraphHistory(saver, truncated, { missingParents: 'cut' });
    expect(cut.ok).toBe(true);
    const first = byId(await tuples(saver, LG_THREAD), lgId(2));
    expect(first.parentConfig).toBeUndefined();
    expect(first.metadata?.langgraph).toMatchObject({ missing_parent: lgId(1) });
  });

  it('gives back next and the tasks as the inspector shows them', async () => {
    const saver = new MemorySaver();
    await importLangGraphHistory(saver, branchedHistory());
    const all = await tuples(saver, LG_THREAD);
    expect(importedNext(byId(all, lgId(3)).metadata)).toEqual(['review']);
    expect(importedTasks(byId(all, lgId(3)).metadata, '')).toEqual([{
      id: 'task-review', name: 'review', path: '__pregel_pull, review', kind: 'pull', triggers: [],
      interrupts: [{ id: 'int-1', value: { ask: 'approve?' } }], error: null, outcome: 'interrupted',
    }]);
    expect(importedTasks(byId(all, lgId(4)).metadata, '')?.[0]).toMatchObject({
      error: { code: 'INTERNAL', name: 'ValueError', message: "ValueError('reviewer crashed')" }, outcome: 'failed',
    });
    expect(importedTasks(byId(all, lgId(2)).metadata, '')?.[0]?.outcome).toBe('ran');
    // Other threads' checkpoints: nothing to read back.
    expect(importedTasks({ source: 'loop', step: 0, parents: {} }, '')).toBeNull();
    expect(importedNext(undefined)).toBeNull();
  });

  it('is chosen for a JSON array by importAnyThread', async () => {
    expect(await importAnyThread(new MemorySaver(), JSON.stringify(branchedHistory()))).toMatchObject({ ok: true, format: 'langgraph' });
  });
});

/** What the LangGraph API server sends for a state snapshot (its ThreadState JSON). */
function toThreadState(s: StateSnapshot): ThreadState {
  const ref = (c: StateSnapshot['config'] | undefined) => c && {
    thread_id: c.configurable!.thread_id as string,
    checkpoint_ns: (c.configurable!.checkpoint_ns as string) ?? '',
    checkpoint_id: c.configurable!.checkpoint_id as string,
    checkpoint_map: null,
  };
  return {
    values: s.values as Record<string, unknown>,
    next: [...s.next],
    checkpoint: ref(s.config)!,
    metadata: (s.metadata ?? null) as ThreadState['metadata'],
    created_at: s.createdAt ?? null,
    parent_checkpoint: ref(s.parentConfig) ?? null,
    tasks: s.tasks.map((t) => {
      const err = t.error as { name?: string; message?: string } | undefined;
      return {
        id: t.id, name: t.name, error: err ? `${err.name ?? 'Error'}: ${err.message ?? ''}` : null,
        interrupts: t.interrupts.map((i) => ({ id: i.id, value: i.value })), checkpoint: null, state: null, result: t.result,
      };
    }),
  };
}

describe('a history produced by LangGraph.js itself', () => {
  const State = Annotation.Root({ question: Annotation<string>(), draft: Annotation<string>() });

  async function history(graph: { getStateHistory(c: unknown): AsyncIterable<StateSnapshot> }, threadId: string): Promise<ThreadState[]> {
    const out: ThreadState[] = [];
    for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } })) out.push(toThreadState(s));
    return JSON.parse(JSON.stringify(out));
  }

  it('imports an interrupted run with its pending interrupt and the resume history', async () => {
    const graph = new StateGraph(State)
      .addNode('write', (s) => ({ draft: `v1:${s.question}` }))
      .addNode('review', (s) => ({ draft: s.draft + String(interrupt({ ask: 'approve?' })) }))
      .addEdge(START, 'write').addEdge('write', 'review').addEdge('review', END)
      .compile({ checkpointer: new LgMemorySaver() });
    await graph.invoke({ question: 'hi' }, { configurable: { thread_id: 'x' } });
    const states = await history(graph, 'x');
    const saver = new MemorySaver();
    const r = await importLangGraphHistory(saver, JSON.stringify(states));
    expect(r).toMatchObject({ ok: true, summary: { checkpoints: states.length } });
    const head = (await saver.getTuple({ configurable: { thread_id: 'x' } }))!;
    expect(head.checkpoint.id).toBe(states[0]!.checkpoint.checkpoint_id);
    expect(head.checkpoint.channel_values).toEqual({ question: 'hi', draft: 'v1:hi' });
    expect(head.metadata?.langgraph).toMatchObject({ next: ['review'] });
    expect(head.pendingWrites).toEqual([[states[0]!.tasks[0]!.id, '__interrupt__', [{ id: states[0]!.tasks[0]!.interrupts[0]!.id, value: { ask: 'approve?' } }]]]);
  });

  it('imports a failed run with the task error', async () => {
    const graph = new StateGraph(State)
      .addNode('write', () => {
        throw new TypeError('no pen');
      })
      .addEdge(START, 'write').addEdge('write', END)
      .compile({ checkpointer: new LgMemorySaver() });
    await expect(graph.invoke({ question: 'hi' }, { configurable: { thread_id: 'y' } })).rejects.toThrow('no pen');
    const saver = new MemorySaver();
    expect((await importLangGraphHistory(saver, await history(graph, 'y'))).ok).toBe(true);
    const head = (await saver.getTuple({ configurable: { thread_id: 'y' } }))!;
    expect(head.pendingWrites?.[0]?.slice(1)).toEqual(['__error__', { name: 'TypeError', message: 'TypeError: no pen' }]);
  });
});
