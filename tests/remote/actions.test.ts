/**
 * Actions on a real LangGraph dev server through src/remote: streaming every mode with subgraphs,
 * interrupts (single and parallel) and resume (a value, an id map), fork with `asNode`, replay,
 * cancel, follow a run (join), copy, the one-run-per-thread refusal, a tool-calling chat agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteRunEvent } from '../../src/remote/index';
import { collect, expectEnd, failure, ofType, startSuite, type Suite } from './helpers';

let s: Suite;
beforeAll(async () => {
  s = await startSuite('actions', { graphs: ['review', 'parallel', 'subgraph', 'slow', 'chat'] });
}, 120_000);
afterAll(async () => {
  await s?.server.stop();
});

const newThread = () => s.client.threads.create({ metadata: { suite: s.tag } });

/** Every checkpoint id of a namespace, read from history pages. */
async function historyIds(threadId: string, checkpointNs = ''): Promise<string[]> {
  const page = await s.client.history.page(threadId, { limit: 100, checkpointNs });
  return page.items.map((c) => c.ref.checkpointId);
}

describe('streaming', () => {
  it('streams every mode with subgraphs: events match the saved history, namespace by namespace', async () => {
    const thread = await newThread();
    const stream = s.client.runs.start(thread.threadId, s.assistants.subgraph, {});
    const events = await collect(stream);
    const created = await stream.created;
    expect(events[0]).toMatchObject({ type: 'metadata', ns: '', runId: created.runId });
    expect(created.threadId).toBe(thread.threadId);
    expectEnd(events, 'success');

    const root = await s.client.history.page(thread.threadId, { limit: 100 });
    const [ns] = root.namespaces;
    expect(ns).toMatch(/^inner:/);
    // Every saved checkpoint arrives once as a debug checkpoint event of its namespace, in order.
    const debugCheckpoints = ofType(events, 'debug.checkpoint');
    const idsOf = (n: string) => debugCheckpoints.filter((e) => e.ns === n).map((e) => e.checkpoint.ref.checkpointId);
    expect(idsOf('')).toEqual([...(await historyIds(thread.threadId))].reverse());
    expect(idsOf(ns)).toEqual([...(await historyIds(thread.threadId, ns))].reverse());
    expect(debugCheckpoints.every((e) => e.checkpoint.ref.checkpointNs === e.ns && e.checkpoint.missing.includes('created_at'))).toBe(true);
    // `checkpoints` mode carries the same states (without ids) in the same order.
    const checkpoints = ofType(events, 'checkpoints');
    expect(checkpoints.map((e) => [e.ns, e.next, e.values])).toEqual(debugCheckpoints.map((e) => [e.ns, e.checkpoint.next, e.checkpoint.values]));
    // Node updates, each from its own graph.
    expect(ofType(events, 'updates').map((e) => [e.ns, Object.keys(e.updates)])).toEqual([
      ['', ['prepare']], [ns, ['inner_a']], [ns, ['inner_b']], ['', ['inner']], ['', ['finish']],
    ]);
    // Task starts and results pair up, with triggers and writes.
    const starts = ofType(events, 'task.start');
    const results = ofType(events, 'task.result');
    expect(starts.map((e) => e.task.id).sort()).toEqual(results.map((e) => e.task.id).sort());
    expect(starts.find((e) => e.task.name === 'inner_a')).toMatchObject({ ns, task: { triggers: ['branch:to:inner_a'] } });
    expect(results.find((e) => e.task.name === 'inner_b')?.task.result).toEqual({ log: ['inner_b'] });
    expect(ofType(events, 'debug.task')).toHaveLength(starts.length);
    expect(ofType(events, 'debug.task_result')).toHaveLength(results.length);
    // The subgraph returns its whole `log`, which the parent's reducer appends: LangGraph's semantics for a shared key.
    const lastRootValues = ofType(events, 'values').filter((e) => e.ns === '').at(-1);
    expect(lastRootValues?.values).toEqual({ log: ['prepare', 'prepare', 'inner_a', 'inner_b', 'finish'] });
    // SSE ids count up from 0 without gaps: nothing was dropped on the way.
    const ids = events.flatMap((e) => ('id' in e && e.id !== undefined ? [Number(e.id)] : []));
    expect(ids).toEqual(ids.map((_, i) => i));
  });

  it('streams only the asked modes, and only the root graph without subgraphs', async () => {
    const thread = await newThread();
    const events = await collect(s.client.runs.start(thread.threadId, s.assistants.subgraph, {}, { streamModes: ['updates'], subgraphs: false }));
    expect([...new Set(events.map((e) => e.type))]).toEqual(['metadata', 'updates', 'run.end']);
    expect(ofType(events, 'updates').map((e) => [e.ns, Object.keys(e.updates)])).toEqual([['', ['prepare']], ['', ['inner']], ['', ['finish']]]);
  });
});

describe('interrupts', () => {
  it('a single interrupt, answered with a value', async () => {
    const thread = await newThread();
    const first = await collect(s.client.runs.start(thread.threadId, s.assistants.review, { text: 'essay' }));
    expectEnd(first, 'success');
    const asked = ofType(first, 'updates').find((e) => '__interrupt__' in e.updates);
    expect(asked?.updates.__interrupt__).toEqual([expect.objectContaining({ value: { question: 'Approve?', text: 'draft of essay' } })]);
    expect((await s.client.threads.get(thread.threadId)).status).toBe('interrupted');
    const resumed = await collect(s.client.runs.resume(thread.threadId, s.assistants.review, { value: 'yes' }));
    expectEnd(resumed, 'success');
    expect(ofType(resumed, 'values').at(-1)?.values).toEqual({ text: 'draft of essay', verdict: 'yes', published: true });
    expect((await s.client.threads.get(thread.threadId)).status).toBe('idle');
  });

  it('parallel interrupts, answered by interrupt id', async () => {
    const thread = await newThread();
    await collect(s.client.runs.start(thread.threadId, s.assistants.parallel, {}));
    const head = (await s.client.history.head(thread.threadId))!;
    const byBranch = Object.fromEntries(head.tasks.map((t) => [t.name, t.interrupts]));
    expect(Object.keys(byBranch).sort()).toEqual(['ask_a', 'ask_b']);
    expect(byBranch.ask_a.map((i) => i.value)).toEqual([{ ask: 'a' }]);
    const answers = { [byBranch.ask_a[0].id!]: 'apple', [byBranch.ask_b[0].id!]: 'banana' };
    const events = await collect(s.client.runs.resume(thread.threadId, s.assistants.parallel, { byInterruptId: answers }));
    expectEnd(events, 'success');
    expect(ofType(events, 'values').at(-1)?.values).toEqual({ answers: expect.arrayContaining(['a=apple', 'b=banana']), summary: 'a=apple,b=banana' });
  });
});

describe('inside a subgraph', () => {
  it('edits the state of an interrupted subgraph in its namespace, then resumes it', async () => {
    const thread = await newThread();
    await collect(s.client.runs.start(thread.threadId, s.assistants.subgraph, { ask: true }));
    const sub = (await s.client.history.head(thread.threadId, { subgraphs: true }))!.tasks[0].subgraph!.state!;
    const edit = await s.client.threads.updateState(thread.threadId, { values: { log: ['edited'] }, asNode: 'inner_a', checkpointId: sub.ref.checkpointId, checkpointNs: sub.ref.checkpointNs });
    expect(edit.checkpointNs).toBe(sub.ref.checkpointNs);
    const [written] = (await s.client.history.page(thread.threadId, { checkpointNs: sub.ref.checkpointNs, limit: 1 })).items;
    expect([written.ref, written.metadata?.source, written.parent?.checkpointId, written.next]).toEqual([edit, 'update', sub.ref.checkpointId, ['inner_b']]);
    const events = await collect(s.client.runs.resume(thread.threadId, s.assistants.subgraph, { value: 'fine' }));
    expectEnd(events, 'success');
    expect(ofType(events, 'values').filter((e) => e.ns === '').at(-1)?.values).toEqual({
      log: ['prepare', 'prepare', 'inner_a', 'edited', 'inner_b:fine', 'finish'],
      ask: true,
    });
  });
});

describe('time travel', () => {
  let threadId: string;
  beforeAll(async () => {
    threadId = (await newThread()).threadId;
    await collect(s.client.runs.start(threadId, s.assistants.review, { text: 'essay' }));
    await collect(s.client.runs.resume(threadId, s.assistants.review, { value: 'yes' }));
  });

  it('forks with edited state as a node: a new checkpoint after the fork point, then the run goes on from there', async () => {
    const history = (await s.client.history.page(threadId, { limit: 50 })).items;
    const atReview = history.find((c) => c.next[0] === 'review')!;
    const { checkpoint, stream } = await s.client.runs.fork(threadId, s.assistants.review, { checkpointId: atReview.ref.checkpointId, values: { text: 'edited' }, asNode: 'draft' });
    const written = await s.client.history.checkpoint(threadId, { checkpointId: checkpoint.checkpointId });
    expect([written.metadata?.source, written.parent?.checkpointId, written.next, written.values]).toEqual(['update', atReview.ref.checkpointId, ['review'], { text: 'edited' }]);
    const events = await collect(stream);
    // As if `draft` had returned the edit: `review` runs next and asks about the edited text.
    const asked = ofType(events, 'updates').find((e) => '__interrupt__' in e.updates);
    expect(asked?.updates.__interrupt__).toEqual([expect.objectContaining({ value: { question: 'Approve?', text: 'edited' } })]);
    // The run starts from the fork (its first debug checkpoint is the one the update wrote).
    const runCheckpoints = ofType(events, 'debug.checkpoint').filter((e) => e.ns === '');
    expect(runCheckpoints.map((e) => e.checkpoint.ref.checkpointId)).toEqual([checkpoint.checkpointId]);
  });

  it('replays from a saved checkpoint: the nodes after it run again on a new branch', async () => {
    const history = (await s.client.history.page(threadId, { limit: 50 })).items;
    const atDraft = history.find((c) => c.next[0] === 'draft' && c.metadata?.source === 'loop')!;
    const events = await collect(s.client.runs.replay(threadId, s.assistants.review, atDraft.ref.checkpointId));
    expectEnd(events, 'success');
    expect(ofType(events, 'updates').map((e) => Object.keys(e.updates)[0])).toEqual(['draft', '__interrupt__']);
    const first = ofType(events, 'debug.checkpoint').find((e) => e.ns === '')!;
    expect(first.checkpoint.parent?.checkpointId).toBe(atDraft.ref.checkpointId);
  });

  it('copies a thread: the copy has the same checkpoints and values, the original is unchanged', async () => {
    const before = (await s.client.history.page(threadId, { limit: 100 })).items;
    const copy = await s.client.threads.copy(threadId);
    expect(copy.threadId).not.toBe(threadId);
    const copied = (await s.client.history.page(copy.threadId, { limit: 100 })).items;
    expect(copied.map((c) => [c.ref.checkpointId, c.values])).toEqual(before.map((c) => [c.ref.checkpointId, c.values]));
    expect(copied.every((c) => c.ref.threadId === copy.threadId)).toBe(true);
    expect((await s.client.history.page(threadId, { limit: 100 })).items.map((c) => c.ref.checkpointId)).toEqual(before.map((c) => c.ref.checkpointId));
    const missing = await failure(s.client.threads.copy('00000000-0000-4000-8000-000000000002'));
    expect(missing.code).toBe('REMOTE_NOT_FOUND');
  });
});

describe('runs in progress', () => {
  /** Starts a slow run and returns once its first step has finished. */
  async function slowRun(threadId: string, rounds = 40) {
    const stream = s.client.runs.start(threadId, s.assistants.slow, { delayMs: 150, rounds }, { streamModes: ['updates'] });
    const iterator = stream[Symbol.asyncIterator]();
    const seen: RemoteRunEvent[] = [];
    while (!seen.some((e) => e.type === 'updates')) {
      const next = await iterator.next();
      if (next.done) throw new Error('the slow run ended early');
      seen.push(next.value);
    }
    const rest = (async () => {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) seen.push(next.value);
      return seen;
    })();
    return { stream, runId: (await stream.created).runId, rest };
  }

  it('refuses a second run on a busy thread (and a state update) as REMOTE_THREAD_BUSY; cancel ends the first', async () => {
    const thread = await newThread();
    const { runId, rest } = await slowRun(thread.threadId);
    const second = s.client.runs.start(thread.threadId, s.assistants.slow, { rounds: 1 });
    const refused = await failure(collect(second));
    expect([refused.code, refused.data.status]).toEqual(['REMOTE_THREAD_BUSY', 422]);
    expect(refused.message).toContain(thread.threadId);
    expect((await failure(second.created)).code).toBe('REMOTE_THREAD_BUSY');
    const update = await failure(s.client.threads.updateState(thread.threadId, { values: { rounds: 1 } }));
    expect([update.code, update.data.status]).toEqual(['REMOTE_THREAD_BUSY', 409]);
    expect((await s.client.threads.get(thread.threadId)).status).toBe('busy');

    await s.client.runs.cancel(thread.threadId, runId, { action: 'interrupt' });
    const events = await rest;
    expectEnd(events, 'interrupted');
    expect((await s.client.runs.get(thread.threadId, runId)).status).toBe('interrupted');
    const ticks = ofType(events, 'updates').length;
    expect(ticks).toBeGreaterThan(0);
    expect(ticks).toBeLessThan(40);
  });

  it('follows a run from another reader: close one stream, join from its last event, nothing lost or repeated', async () => {
    const thread = await newThread();
    const { stream, runId } = await slowRun(thread.threadId, 6);
    const lastEventId = stream.lastEventId;
    stream.close();
    const joined = await collect(s.client.runs.join(thread.threadId, runId, { lastEventId }));
    expectEnd(joined, 'success');
    const ids = joined.flatMap((e) => ('id' in e && e.id !== undefined ? [Number(e.id)] : []));
    expect(ids[0]).toBe(Number(lastEventId) + 1);
    expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    // From the start: the whole run again.
    const replayed = await collect(s.client.runs.join(thread.threadId, runId));
    expect(ofType(replayed, 'updates')).toHaveLength(6);
    const list = await s.client.runs.list(thread.threadId);
    expect(list.items.map((r) => [r.runId, r.status])).toEqual([[runId, 'success']]);
  });
});

describe('a chat agent', () => {
  it('runs its scripted model and tool: a tool call, the tool message, the answer', async () => {
    const thread = await newThread();
    const events = await collect(s.client.runs.start(thread.threadId, s.assistants.chat, { messages: [{ role: 'user', content: 'otters' }] }));
    expectEnd(events, 'success');
    expect(ofType(events, 'updates').filter((e) => e.ns === '').map((e) => Object.keys(e.updates)[0])).toEqual(['agent', 'tools', 'agent']);
    const values = ofType(events, 'values').at(-1)?.values as { messages: Record<string, unknown>[] };
    expect(values.messages.map((m) => [m.type, m.content])).toEqual([
      ['human', 'otters'], ['ai', ''], ['tool', 'facts about otters'], ['ai', 'Answer: facts about otters'],
    ]);
    expect(values.messages[1].tool_calls).toEqual([{ id: 'call-1', name: 'lookup', args: { query: 'otters' }, type: 'tool_call' }]);
    expect(values.messages[2].tool_call_id).toBe('call-1');
  });
});
