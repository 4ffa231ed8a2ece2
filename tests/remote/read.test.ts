/**
 * Reading a real LangGraph dev server through src/remote: server info, assistants and their
 * drawings, thread search and paging, history pages, subgraph namespaces and states, a failed
 * step, and what the mapping to the engine's checkpoint shape carries.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ours from '../../src/engine/index';
import type { DrawableGraph } from '../../src/engine/graph/drawable';
import type { RemoteCheckpoint, RemoteThread } from '../../src/remote/index';
import { build as buildChain } from '../servers/graphs/chain';
import { BOOM, build as buildFailing } from '../servers/graphs/failing';
import { build as buildSlow } from '../servers/graphs/slow';
import { build as buildSubgraph } from '../servers/graphs/subgraph';
import { collect, expectEnd, failure, ofType, startSuite, type Suite } from './helpers';

let s: Suite;
beforeAll(async () => {
  s = await startSuite('read', { graphs: ['chain', 'subgraph', 'failing', 'slow', 'review'] });
}, 120_000);
afterAll(async () => {
  await s?.server.stop();
});

const run = (graph: string, input: unknown, metadata: Record<string, unknown> = {}) =>
  (async () => {
    const thread = await s.client.threads.create({ metadata: { suite: s.tag, ...metadata } });
    const events = await collect(s.client.runs.start(thread.threadId, s.assistants[graph], input));
    return { thread, events };
  })();

/** Every page of a namespace's history, asked `limit` at a time. */
async function allPages(threadId: string, limit: number, checkpointNs?: string): Promise<RemoteCheckpoint[][]> {
  const pages: RemoteCheckpoint[][] = [];
  let before: string | undefined;
  for (;;) {
    const page = await s.client.history.page(threadId, { limit, ...(before ? { before } : {}), ...(checkpointNs ? { checkpointNs } : {}) });
    pages.push(page.items);
    if (!page.nextBefore) return pages;
    before = page.nextBefore;
  }
}

describe('server and assistants', () => {
  it('GET /info names the API and the LangGraph.js version serving the graphs', async () => {
    const info = await s.client.info();
    const require = createRequire(import.meta.url);
    const installed = JSON.parse(readFileSync(require.resolve('@langchain/langgraph/package.json'), 'utf8')).version;
    expect(info.version).toBe(s.server.info.version);
    expect(info.langgraphJsVersion).toBe(installed);
    expect(info.flags.assistants).toBe(true);
  });

  it('lists assistants page by page, each graph once, and filters by graph', async () => {
    const seen: string[] = [];
    let offset: number | undefined = 0;
    let pages = 0;
    while (offset !== undefined) {
      const page = await s.client.assistants.list({ limit: 2, offset });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((a) => a.graphId));
      offset = page.nextOffset;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(['chain', 'failing', 'review', 'slow', 'subgraph']);
    const only = await s.client.assistants.list({ graphId: 'subgraph' });
    expect(only.items.map((a) => [a.graphId, a.assistantId])).toEqual([['subgraph', s.assistants.subgraph]]);
    expect(only.nextOffset).toBeUndefined();
  });

  it.each([
    ['chain', buildChain],
    ['subgraph', buildSubgraph],
    ['failing', buildFailing],
    ['slow', buildSlow],
  ])('draws %s with xray exactly as the engine draws the same builder', async (graphId, build) => {
    const drawn = await s.client.assistants.graph(s.assistants[graphId]);
    const engine: DrawableGraph = build(ours).getGraph({ xray: true });
    expect(drawn.nodes).toEqual(engine.nodes);
    const order = (edges: { source: string; target: string }[]) => [...edges].sort((a, b) => `${a.source}>${a.target}`.localeCompare(`${b.source}>${b.target}`));
    expect(order(drawn.edges)).toEqual(order(engine.edges));
    // The server has no separate subgraph drawings: ours are the xray part inside each subgraph node.
    expect(Object.keys(drawn.subgraphs)).toEqual(Object.keys(engine.subgraphs));
    for (const [key, sub] of Object.entries(engine.subgraphs)) {
      const inner = Object.keys(sub.nodes).filter((id) => id !== '__start__' && id !== '__end__');
      expect(Object.keys(drawn.subgraphs[key].nodes).sort()).toEqual(inner.sort());
    }
  });

  it('a missing assistant is REMOTE_NOT_FOUND', async () => {
    const err = await failure(s.client.assistants.graph('00000000-0000-4000-8000-000000000000'));
    expect(err.code).toBe('REMOTE_NOT_FOUND');
    expect(err.data.status).toBe(404);
    expect(err.message).toContain('Assistant 00000000-0000-4000-8000-000000000000');
  });
});

describe('threads', () => {
  let made: RemoteThread[];
  beforeAll(async () => {
    made = [];
    for (const [graph, input] of [['chain', {}], ['review', { text: 'essay' }], ['chain', {}], ['failing', {}], ['chain', {}]] as const) {
      made.push((await run(graph, input, { graph_label: graph })).thread);
    }
  }, 60_000);

  it('pages through search results newest first, each thread once, with status and graph', async () => {
    const found: RemoteThread[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const page = await s.client.threads.list({ metadata: { suite: s.tag }, limit: 2, offset });
      found.push(...page.items);
      offset = page.nextOffset;
    }
    expect(found.map((t) => t.threadId).sort()).toEqual(made.map((t) => t.threadId).sort());
    const times = found.map((t) => t.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const byId = new Map(found.map((t) => [t.threadId, t]));
    const [chain, review, , failing] = made;
    expect(byId.get(chain.threadId)).toMatchObject({ status: 'idle', graphId: 'chain', assistantId: s.assistants.chain });
    expect(byId.get(review.threadId)?.status).toBe('interrupted');
    expect(byId.get(failing.threadId)?.status).toBe('error');
    expect(found.every((t) => t.values === undefined)).toBe(true);
  });

  it('filters by status, by graph and by metadata; the interrupts of a thread are keyed by task', async () => {
    const interrupted = await s.client.threads.list({ metadata: { suite: s.tag }, status: 'interrupted' });
    expect(interrupted.items.map((t) => t.threadId)).toEqual([made[1].threadId]);
    const head = await s.client.history.head(made[1].threadId);
    const review = head?.tasks.find((t) => t.name === 'review');
    expect(interrupted.items[0].interrupts).toEqual({ [review!.id]: review!.interrupts });
    expect(review!.interrupts[0].value).toEqual({ question: 'Approve?', text: 'draft of essay' });
    const chains = await s.client.threads.list({ metadata: { suite: s.tag }, graphId: 'chain', includeValues: true });
    expect(chains.items).toHaveLength(3);
    expect(chains.items.every((t) => JSON.stringify(t.values) === JSON.stringify({ steps: ['first', 'second', 'third'], note: 'saw 2 steps' }))).toBe(true);
    expect((await s.client.threads.list({ metadata: { suite: s.tag, graph_label: 'failing' } })).items.map((t) => t.threadId)).toEqual([made[3].threadId]);
  });

  it('a missing thread is REMOTE_NOT_FOUND, a malformed id REMOTE_BAD_REQUEST, each naming the problem', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    for (const read of [() => s.client.threads.get(missing), () => s.client.history.page(missing), () => s.client.history.head(missing)]) {
      const err = await failure(read);
      expect([err.code, err.data.status]).toEqual(['REMOTE_NOT_FOUND', 404]);
      expect(err.message).toContain(`Thread ${missing}`);
    }
    const bad = await failure(s.client.threads.get('not-a-uuid'));
    expect([bad.code, bad.data.status]).toEqual(['REMOTE_BAD_REQUEST', 400]);
    expect(bad.data.detail).toBe('thread_id: Invalid uuid');
  });

  it('a thread that never ran has no head and an empty history', async () => {
    const thread = await s.client.threads.create({ metadata: { suite: `${s.tag}-empty` } });
    expect(thread.status).toBe('idle');
    expect(await s.client.history.head(thread.threadId)).toBeUndefined();
    expect(await s.client.history.page(thread.threadId)).toEqual({ items: [], namespaces: [] });
  });
});

describe('history pages', () => {
  it('pages with before/limit, newest first, each checkpoint once, each the parent of the one before', async () => {
    const { thread, events } = await run('slow', { rounds: 7 });
    expectEnd(events, 'success');
    const pages = await allPages(thread.threadId, 4);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    const all = pages.flat();
    expect(all.map((c) => c.metadata?.step)).toEqual([7, 6, 5, 4, 3, 2, 1, 0, -1]);
    const ids = all.map((c) => c.ref.checkpointId);
    expect(new Set(ids).size).toBe(9);
    expect(ids).toEqual([...ids].sort().reverse());
    all.forEach((c, i) => expect(c.parent?.checkpointId).toBe(all[i + 1]?.ref.checkpointId));
    // The same page read by id: one request never returns more than asked.
    expect((await s.client.history.page(thread.threadId, { limit: 3, before: ids[2] })).items.map((c) => c.ref.checkpointId)).toEqual(ids.slice(3, 6));
  });

  it('maps each checkpoint to the engine tuple: ids, values, metadata and the writes of its tasks', async () => {
    const { thread } = await run('slow', { rounds: 3 });
    const [page] = await allPages(thread.threadId, 10);
    for (const c of page) {
      const { tuple } = c;
      expect(c.view).toBe('saved');
      expect(tuple.config.configurable).toEqual({ thread_id: thread.threadId, checkpoint_ns: '', checkpoint_id: c.ref.checkpointId });
      expect(tuple.parentConfig?.configurable?.checkpoint_id).toBe(c.parent?.checkpointId);
      expect(tuple.checkpoint.id).toBe(c.ref.checkpointId);
      expect(tuple.checkpoint.ts).toBe(c.createdAt);
      expect(tuple.metadata).toMatchObject({ step: c.metadata?.step, source: c.metadata?.step === -1 ? 'input' : 'loop', parents: {} });
      expect(c.missing).toEqual(['channel_versions', 'versions_seen', 'internal_channels', 'pending_writes', 'format_version']);
      const step = c.metadata!.step;
      const ticks = step <= 0 ? [] : Array.from({ length: step }, (_, i) => i + 1);
      expect(tuple.checkpoint.channel_values).toEqual(step === -1 ? { ticks: [] } : { rounds: 3, ticks });
      // Each step ran one task from this checkpoint; its write is the pending write of the checkpoint.
      const expected =
        step === -1 ? [[c.tasks[0].id, 'rounds', 3]] : step < 3 ? [[c.tasks[0].id, 'ticks', [step + 1]]] : [];
      expect(tuple.pendingWrites).toEqual(expected);
      expect(c.tasks.map((t) => t.name)).toEqual(step === -1 ? ['__start__'] : step < 3 ? ['tick'] : []);
    }
  });
});

describe('subgraphs', () => {
  it('names the namespace of each subgraph run and lists its own history', async () => {
    const { thread } = await run('subgraph', {});
    const root = (await s.client.history.page(thread.threadId, { limit: 20 })).items;
    const ranInner = root.find((c) => c.next.includes('inner'))!;
    const innerTask = ranInner.tasks.find((t) => t.name === 'inner')!;
    const ns = `inner:${innerTask.id}`;
    expect(innerTask.subgraph).toEqual({ checkpointNs: ns });
    expect((await s.client.history.page(thread.threadId, { limit: 20 })).namespaces).toEqual([ns]);
    const inner = (await allPages(thread.threadId, 2, ns)).flat();
    expect(inner.map((c) => c.next)).toEqual([[], ['inner_b'], ['inner_a'], ['__start__']]);
    expect(inner.every((c) => c.ref.checkpointNs === ns && c.tuple.config.configurable?.checkpoint_ns === ns)).toBe(true);
    // Each subgraph checkpoint names the root checkpoint it ran under.
    expect(new Set(inner.map((c) => c.metadata?.parents[''] ))).toEqual(new Set([ranInner.ref.checkpointId]));
    expect(inner[0].values).toEqual({ log: ['prepare', 'inner_a', 'inner_b'] });
  });

  it('with subgraphs=true the head carries the interrupted subgraph state; a subgraph checkpoint reads as saved', async () => {
    const { thread, events } = await run('subgraph', { ask: true });
    expectEnd(events, 'success');
    const head = await s.client.history.head(thread.threadId, { subgraphs: true });
    expect(head?.view).toBe('live');
    expect(head?.missing).toContain('saved_values');
    const task = head!.tasks.find((t) => t.name === 'inner')!;
    const sub = task.subgraph!.state!;
    expect(task.subgraph!.checkpointNs).toBe(`inner:${task.id}`);
    expect(sub.ref.checkpointNs).toBe(`inner:${task.id}`);
    expect(sub.next).toEqual(['inner_b']);
    expect(sub.tasks[0].interrupts.map((i) => i.value)).toEqual(['inner?']);
    expect(sub.values).toEqual({ log: ['prepare', 'inner_a'], ask: true });
    const saved = await s.client.history.checkpoint(thread.threadId, { checkpointId: sub.ref.checkpointId, checkpointNs: sub.ref.checkpointNs });
    expect([saved.view, saved.ref, saved.next]).toEqual(['saved', sub.ref, ['inner_b']]);
    // Read by id, the root checkpoint carries the same subgraph state (the subgraph's head).
    const byId = await s.client.history.checkpoint(thread.threadId, { checkpointId: head!.ref.checkpointId, subgraphs: true });
    expect(byId.tasks.find((t) => t.name === 'inner')!.subgraph!.state!.ref).toEqual(sub.ref);
    // Without subgraphs the task only points at the namespace.
    const plain = await s.client.history.head(thread.threadId);
    expect(plain!.tasks.find((t) => t.name === 'inner')!.subgraph).toEqual({ checkpointNs: `inner:${task.id}` });
  });
});

describe('a failing node', () => {
  it('ends the stream with the error; the saved checkpoint keeps the error and the sibling write as pending', async () => {
    const { thread, events } = await run('failing', {});
    expect(ofType(events, 'run.error').map((e) => e.error)).toEqual([{ name: 'Error', message: BOOM }]);
    expectEnd(events, 'error');
    expect((await s.client.threads.get(thread.threadId)).status).toBe('error');
    const live = (await s.client.history.head(thread.threadId))!;
    const saved = await s.client.history.checkpoint(thread.threadId, { checkpointId: live.ref.checkpointId });
    // The live head already applies the successful sibling's write; the saved checkpoint does not.
    expect([live.values, live.next]).toEqual([{ done: ['steady'] }, ['boom']]);
    expect([saved.values, [...saved.next].sort()]).toEqual([{ done: [] }, ['boom', 'steady']]);
    const boom = saved.tasks.find((t) => t.name === 'boom')!;
    const steady = saved.tasks.find((t) => t.name === 'steady')!;
    expect(boom.error).toEqual({ name: 'Error', message: BOOM });
    expect(boom.result).toBeUndefined();
    expect(steady.result).toEqual({ done: ['steady'] });
    expect(saved.tuple.pendingWrites).toEqual(expect.arrayContaining([[steady.id, 'done', ['steady']], [boom.id, '__error__', { name: 'Error', message: BOOM }]]));
  });
});
