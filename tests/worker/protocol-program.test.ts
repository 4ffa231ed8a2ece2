/**
 * A program run over the protocol: every graph call is a debugger thread. A program with two
 * thread ids and an interrupt then a resume makes exactly two threads, named after the program, the
 * graph and the thread id, whose checkpoints are those the real LangGraph.js (1.7.3) saves for the
 * same program in its MemorySaver; the program prints what LangGraph.js prints; a getState on a
 * graph compiled without a checkpointer still fails as in LangGraph.js.
 */
import * as langgraph from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import type { ProgramEvent } from '../../src/protocol/messages';
import type { WorkerClient } from '../../src/client/worker-client';
import { compileProgram, moduleTable } from '../../src/sandbox/usercode/index';
import { connect, STORES } from './harness';

const PROGRAM = `import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from '@langchain/langgraph';

const State = Annotation.Root({
  text: Annotation<string>(),
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const workflow = new StateGraph(State)
  .addNode('shout', (s) => ({ text: s.text.toUpperCase(), log: ['shouted'] }))
  .addNode('ask', (s) => {
    const answer = interrupt({ question: 'sign?' });
    return { text: \`\${s.text} \${answer}\`, log: ['asked'] };
  })
  .addEdge(START, 'shout')
  .addEdge('shout', 'ask')
  .addEdge('ask', END);

export const app = workflow.compile({ checkpointer: new MemorySaver() });
const plain = workflow.compile();

const one = { configurable: { thread_id: 'one' } };
const first = await app.invoke({ text: 'hi' }, one);
console.log('first', first.text, first.__interrupt__?.[0]?.value);
const resumed = await app.invoke(new Command({ resume: 'ok' }), one);
console.log('resumed', resumed.text, resumed.log);
for await (const chunk of await app.stream({ text: 'yo' }, { configurable: { thread_id: 'two' }, streamMode: 'updates' })) {
  console.log('chunk', Object.keys(chunk));
}
const state = await app.getState(one);
console.log('state', state.values.text, state.next, state.config.configurable.thread_id);
try {
  await plain.getState(one);
} catch (err) {
  console.log('plain', (err as Error).message);
}
`;

/** Runs `source` as a program and collects its events until it ends. */
async function runProgram(client: WorkerClient, source: string): Promise<ProgramEvent[]> {
  const events: ProgramEvent[] = [];
  const ended = new Promise<void>((resolve) => client.onProgram((e) => {
    events.push(e);
    if (e.type === 'rg/program.ended') resolve();
  }));
  await client.request('rg/program.run', { name: 'demo', source, env: {} });
  await ended;
  return events;
}

/** The real LangGraph.js's history of `threadId` for the same program (newest first). */
async function referenceHistory(threadId: string) {
  const p = compileProgram(PROGRAM, { modules: moduleTable(langgraph as unknown as Record<string, unknown>), onConsole: () => undefined });
  if (!p.ok) throw new Error(p.error.message);
  const r = await p.run();
  if (!r.ok) throw new Error(r.error.message);
  const app = r.exports.app as { getStateHistory(c: unknown): AsyncIterable<{ metadata: { step: number; source: string }; next: string[] }> };
  const out: { step: number; source: string; next: string[] }[] = [];
  for await (const s of app.getStateHistory({ configurable: { thread_id: threadId } })) out.push({ step: s.metadata.step, source: s.metadata.source, next: [...s.next] });
  return out;
}

async function referenceLines(): Promise<string[]> {
  const lines: string[] = [];
  const p = compileProgram(PROGRAM, { modules: moduleTable(langgraph as unknown as Record<string, unknown>), onConsole: (l) => lines.push(l.text) });
  if (!p.ok) throw new Error(p.error.message);
  await p.run();
  return lines;
}

describe.each(STORES)('programs over the protocol (%s)', (_name, makeStore) => {
  it('makes one thread per graph and thread id, with the checkpoints LangGraph.js saves', async () => {
    const { client } = connect(makeStore());
    const before = await client.listThreads();
    const events = await runProgram(client, PROGRAM);
    const end = events.find((e) => e.type === 'rg/program.ended');
    expect(end).toMatchObject({ outcome: 'done', error: null, problem: null });

    const lines = events.flatMap((e) => (e.type === 'rg/program.output' ? e.lines.map((l) => l.text) : []));
    expect(lines).toEqual(await referenceLines());
    expect(lines).toContain('state HI ok [] one');

    const made = events.flatMap((e) => (e.type === 'rg/program.thread' ? [e.thread] : []));
    expect(made.map((t) => [t.graph, t.programThreadId])).toEqual([['app', 'one'], ['app', 'two']]);
    const threads = (await client.listThreads()).filter((t) => !before.some((b) => b.threadId === t.threadId));
    expect(threads.map((t) => t.name).sort()).toEqual(['demo › app › one', 'demo › app › two']);

    for (const t of made) {
      const page = await client.historyPage({ threadId: t.threadId, limit: 100 });
      const got = page.items.map((i) => ({ step: i.step, source: i.source, next: i.next }));
      expect(got).toEqual(await referenceHistory(t.programThreadId));
      expect(threads.find((x) => x.threadId === t.threadId)?.graphId).toBe(t.graphId);
    }
    // Interrupt then resume: one thread, two runs; the stream (stopped at the interrupt): one run.
    const [one, two] = made;
    expect((await client.listRuns(one!.threadId)).map((r) => [r.kind, r.outcome])).toEqual([['run', 'interrupted'], ['resume', 'done']]);
    expect((await client.listRuns(two!.threadId)).map((r) => [r.kind, r.outcome])).toEqual([['run', 'interrupted']]);
  });

  it("replays a program thread from a checkpoint with the program's own graph", async () => {
    const { client } = connect(makeStore());
    const events = await runProgram(client, PROGRAM);
    const two = events.flatMap((e) => (e.type === 'rg/program.thread' ? [e.thread] : []))[1]!;
    const items = (await client.historyPage({ threadId: two.threadId, limit: 100 })).items;
    const afterShout = items.find((i) => i.next.includes('ask'))!;
    const replay = await client.request('rg/run.replay', { threadId: two.threadId, ns: '', checkpointId: afterShout.checkpointId });
    expect(await client.waitForRun(replay.runId)).toMatchObject({ outcome: 'interrupted', result: { text: 'YO', log: ['shouted'] } });
  });
});
