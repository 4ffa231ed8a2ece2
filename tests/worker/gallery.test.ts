/** The scenario gallery over the protocol: each graph does what its card promises. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/protocol/dto';
import type { TraceEvent } from '../../src/shared/trace';
import { GALLERY_GRAPHS } from '../../src/sandbox/graphs/index';
import { connect, newThread, STORES } from './harness';

/** The events of one type, typed as that event. */
const ofType = <T extends TraceEvent['type']>(events: readonly TraceEvent[], type: T) => events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);

describe.each(STORES)('gallery graphs (%s)', (_name, makeStore) => {
  it('lists every gallery graph with a title, a two-sentence description and its own source', async () => {
    const { client } = connect(makeStore());
    const graphs = await client.listGraphs();
    for (const g of GALLERY_GRAPHS) {
      const info = graphs.find((x) => x.id === g.id)!;
      expect(info.title.length).toBeGreaterThan(3);
      expect(info.description.split(/\.\s/).length).toBeGreaterThanOrEqual(2);
      expect(info.source).toContain("from 'replaygraph'");
      expect(info.source).toContain('export default');
    }
  });

  it('parallel-flaky: on continue the docs write is re-applied, __error__ superseded, web runs again', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'parallel-flaky', input: { query: 'q' } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('error');
    const failedAt = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const r2 = await client.continueRun({ threadId });
    expect((await client.waitForRun(r2.runId)).outcome).toBe('done');
    const detail = await client.getCheckpoint({ threadId, checkpointId: failedAt.checkpointId });
    const byChannel = Object.fromEntries(detail.pendingWrites.map((w) => [`${w.taskName}:${w.channel}`, w.disposition]));
    expect(byChannel['docs:results']).toEqual({ kind: 'reapplied' });
    // web ran again and finished: its outputs replaced the error (the ledger's "superseded").
    expect(byChannel['web:__error__']).toEqual({ kind: 'superseded' });
    const { events } = await client.getTrace({ threadId, runId: r2.runId });
    const ran = ofType(events, '@engine.task.run').map((e) => e.name);
    expect(ran).toContain('web');
    expect(ran).not.toContain('docs');
  });

  it('human-review: "revise" reaches a node with two interrupts; the first answer is replayed', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const wait = async (p: Promise<{ runId: string }>) => (await client.waitForRun((await p).runId)).outcome;
    expect(await wait(client.startRun({ threadId, graphId: 'human-review', input: { request: 'r' } }))).toBe('interrupted');
    expect(await wait(client.resume({ threadId, resume: { kind: 'value', value: 'revise' } }))).toBe('interrupted');
    expect(await wait(client.resume({ threadId, resume: { kind: 'value', value: 'shorter' } }))).toBe('interrupted');
    const second = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const d = await client.getCheckpoint({ threadId, checkpointId: second.checkpointId });
    expect(d.tasks.find((t) => t.name === 'clarify')!.interrupts[0]!.value).toMatchObject({ question: expect.stringContaining('tone') });
    expect(await wait(client.resume({ threadId, resume: { kind: 'value', value: 'friendly' } }))).toBe('interrupted');
    const after = await client.getCheckpoint({ threadId, checkpointId: second.checkpointId });
    const resumes = after.pendingWrites.filter((w) => w.channel === '__resume__');
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    expect(resumes.every((w) => w.disposition.kind === 'resume-value')).toBe(true);
    const head = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const values = (await client.getCheckpoint({ threadId, checkpointId: head.checkpointId })).values;
    expect(values).toMatchObject({ guidance: 'shorter; tone: friendly', revisions: 2 });
  });

  it('essay: compose runs once across the interrupt and the resume', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'essay', input: { topic: 'x' } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('interrupted');
    const r2 = await client.resume({ threadId, resume: { kind: 'value', value: 'approve' } });
    const end = await client.waitForRun(r2.runId);
    expect(end.outcome).toBe('done');
    const { events } = await client.getTrace({ threadId, runId: r2.runId });
    const ran = ofType(events, '@engine.task.run').map((e) => e.name);
    expect(ran).not.toContain('compose');
    expect(ran).toContain('polish');
    // The draft shown at the review is the one polished: compose was not run again.
    const asked = ofType((await client.getTrace({ threadId, runId: r1.runId })).events, '@engine.interrupt');
    const draft = /\(draft \w+\)/.exec(JSON.stringify(asked))?.[0];
    expect(draft).toBeDefined();
    expect(JSON.stringify(end.result)).toContain(`${draft} — reviewed: approve`);
  });

  it('subgraph-loop: two calls in two namespaces; a replay between them first-visits the second call', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'subgraph-loop', input: { rounds: 2 } });
    const end = await client.waitForRun(r1.runId);
    expect(end.outcome).toBe('done');
    expect((end.result as { steps: string[] }).steps).toEqual(['planned', 'round 1: fetched', 'round 1: scored', 'round 2: fetched', 'round 2: scored', 'report after 2 round(s)']);
    const root = await client.listNamespaces(threadId);
    expect(root.children.length).toBe(2);
    const history = (await client.historyPage({ threadId, limit: 50 })).items;
    const between = history.find((c) => c.step > 1 && c.next.includes('work'))!;
    expect(between).toBeDefined();
    const replay = await client.replay({ threadId, checkpointId: between.checkpointId });
    expect((await client.waitForRun(replay.runId)).outcome).toBe('done');
    const { events } = await client.getTrace({ threadId, runId: replay.runId });
    const starts = ofType(events, '@engine.run.start');
    expect(starts.some((e) => e.checkpointNs !== '' && typeof e.checkpointNs === 'string')).toBe(true);
    const ran = ofType(events, '@engine.task.run').filter((e) => e.name === 'plan');
    expect(ran).toHaveLength(0);
  });

  it('map-reduce: one push task per document, combined once', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'map-reduce', input: { docs: ['a', 'bb', 'ccc'] } });
    const end = await client.waitForRun(r1.runId);
    expect(end.outcome).toBe('done');
    expect((end.result as { report: Json }).report).toBe('a: 1 letters; bb: 2 letters; ccc: 3 letters');
    const history = (await client.historyPage({ threadId, limit: 50 })).items;
    const fanOut = history.find((c) => c.next.filter((n) => n === 'summarize').length === 3)!;
    const d = await client.getCheckpoint({ threadId, checkpointId: fanOut.checkpointId });
    expect(d.tasks.filter((t) => t.kind === 'push')).toHaveLength(3);
  });

  it('retry-fork: two retries then success; a fork with an edited price computes a new total', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'retry-fork', input: { item: 'b', quantity: 3 } });
    const end = await client.waitForRun(r1.runId);
    expect(end).toMatchObject({ outcome: 'done', result: { price: 12, total: 36, attempts: 3 } });
    const { events } = await client.getTrace({ threadId, runId: r1.runId });
    expect(ofType(events, '@engine.task.retry')).toHaveLength(2);
    const afterFetch = (await client.historyPage({ threadId, limit: 50 })).items.find((c) => c.next.includes('compute'))!;
    const fork = await client.fork({ threadId, checkpointId: afterFetch.checkpointId, values: { price: 5 }, asNode: 'fetch', run: true });
    expect(await client.waitForRun(fork.runId)).toMatchObject({ outcome: 'done', result: { price: 5, total: 15 } });
  });
  it('react-agent: the booking waits for approval; approved, the transcript ends with the booking and the answer', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'react-agent', input: { messages: [{ role: 'user', content: 'Fly me to Oslo' }] } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('interrupted');
    const paused = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const d = await client.getCheckpoint({ threadId, checkpointId: paused.checkpointId });
    expect(d.tasks.find((t) => t.name === 'guard')!.interrupts[0]!.value).toMatchObject({ calls: [{ name: 'book_flight', args: { flight: 'RG 205' } }] });
    const r2 = await client.resume({ threadId, resume: { kind: 'value', value: 'approve' } });
    expect((await client.waitForRun(r2.runId)).outcome).toBe('done');
    const last = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const done = await client.getCheckpoint({ threadId, checkpointId: last.checkpointId });
    // Messages reach the page as their fields plus their class name (see src/protocol/json-safe.ts).
    const messages = done.values.messages as { '[class]': string; content: string; tool_call_id?: string }[];
    expect(messages.map((m) => m['[class]'])).toEqual(['HumanMessage', 'AIMessage', 'ToolMessage', 'AIMessage', 'ToolMessage', 'AIMessage']);
    expect(messages[4]).toMatchObject({ content: 'Booked RG 205: confirmation RG-7Q2X.', tool_call_id: 'call_book' });
  });

  it('handoff: Command.PARENT moves the conversation between the two agent subgraphs', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'handoff', input: { messages: [{ role: 'user', content: 'Lisbon' }] } });
    const end = await client.waitForRun(r1.runId);
    expect(end.outcome).toBe('done');
    const { events } = await client.getTrace({ threadId, runId: r1.runId });
    const ran = ofType(events, '@engine.task.run').filter((e) => !e.checkpointNs).map((e) => e.name);
    expect(ran.filter((n) => n !== '__start__')).toEqual(['travel_advisor', 'hotel_advisor', 'travel_advisor']);
    const last = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const done = await client.getCheckpoint({ threadId, checkpointId: last.checkpointId });
    const contents = (done.values.messages as { content: string }[]).map((m) => m.content);
    expect(contents).toEqual([
      'Lisbon',
      expect.stringContaining('ask my colleague'),
      'Transferred to hotel_advisor.',
      expect.stringContaining('By the river'),
      'Transferred to travel_advisor.',
      expect.stringContaining('Saturday'),
    ]);
  });

  it('handoff: a Command.PARENT is shown as a hand-off, never as a failure (LangGraph saves it as an __error__ write)', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'handoff', input: { messages: [{ role: 'user', content: 'Lisbon' }] } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('done');
    const root = await client.listNamespaces(threadId);
    const spaces: string[] = [];
    const walk = (n: typeof root) => { if (n.ns !== '') spaces.push(n.ns); n.children.forEach(walk); };
    walk(root);
    const handOffs: { row: boolean; task: unknown; write: unknown }[] = [];
    for (const ns of spaces) {
      for (const row of (await client.historyPage({ threadId, ns, limit: 50 })).items) {
        const detail = await client.getCheckpoint({ threadId, ns, checkpointId: row.checkpointId });
        const write = detail.pendingWrites.find((w) => w.channel === '__error__');
        if (!write) continue;
        const task = detail.tasks.find((t) => t.id === write.taskId);
        handOffs.push({ row: row.hasError, task: task && { name: task.name, outcome: task.outcome, error: task.error }, write: write.disposition });
      }
    }
    // Each agent hands off once: travel → hotel, hotel → travel.
    expect(handOffs).toHaveLength(2);
    for (const h of handOffs) expect(h).toEqual({ row: false, task: { name: 'handoff', outcome: 'handed-off', error: null }, write: { kind: 'hand-off' } });
  });
});
