/**
 * End to end on the real engine: a user graph (compiled from TypeScript) runs until an interrupt,
 * its thread is exported and imported into another saver under another id, and the copy has the
 * same history and can be resumed to the same result.
 */
import { describe, expect, it } from 'vitest';
import * as engineModule from '../../src/engine/index';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { exportThread, importThread, serializeThreadExport } from '../../src/worker/portability';
import { compileUserGraph } from '../../src/sandbox/usercode';

const engine = engineModule as unknown as Record<string, unknown>;

const SOURCE = `import { StateGraph, Annotation, START, END, Send, interrupt } from 'replaygraph';

const State = Annotation.Root({
  topics: Annotation<string[]>(),
  notes: Annotation<string[]>({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
  verdict: Annotation<string>(),
});

const research = (s: { topic: string }) => ({ notes: ['note on ' + s.topic] });
const review = (s: typeof State.State) => ({ verdict: String(interrupt({ notes: s.notes.length })) });

export default new StateGraph(State)
  .addNode('research', research)
  .addNode('review', review)
  .addConditionalEdges(START, (s: typeof State.State) => s.topics.map((topic) => new Send('research', { topic })))
  .addEdge('research', 'review')
  .addEdge('review', END);
`;

type Graph = {
  invoke(input: unknown, config: unknown): Promise<Record<string, unknown>>;
  getStateHistory(config: unknown): AsyncIterable<{ values: unknown; next: string[]; config: any; parentConfig?: any; metadata?: any; tasks: any[] }>;
};

async function history(graph: Graph, threadId: string) {
  const out: unknown[] = [];
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } })) {
    out.push({
      values: s.values, next: s.next, id: s.config.configurable.checkpoint_id, parent: s.parentConfig?.configurable?.checkpoint_id ?? null,
      step: s.metadata?.step, tasks: s.tasks.map((t) => ({ id: t.id, name: t.name, interrupts: t.interrupts })),
    });
  }
  return out;
}

describe('export/import of a thread the engine produced', () => {
  it('keeps the history and lets the copy resume to the same result', async () => {
    const compiled = compileUserGraph(SOURCE, engine);
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
    const saverA = new MemorySaver();
    const graphA = compiled.build(saverA) as unknown as Graph;
    const paused = await graphA.invoke({ topics: ['cats', 'dogs'] }, { configurable: { thread_id: 'orig' } });
    expect(paused.notes).toEqual(['note on cats', 'note on dogs']);

    const doc = await exportThread(saverA, 'orig', { graphId: 'user:review', graphSource: SOURCE });
    if (!doc.ok) throw new Error(doc.error.message);
    const saverB = new MemorySaver();
    const imported = await importThread(saverB, serializeThreadExport(doc.document), { threadId: 'copy' });
    expect(imported).toMatchObject({ ok: true, summary: { threadId: 'copy', graphSource: SOURCE } });

    const graphB = compiled.build(saverB) as unknown as Graph;
    const original = await history(graphA, 'orig');
    expect(original.length).toBeGreaterThanOrEqual(3);
    expect(await history(graphB, 'copy')).toEqual(original);

    const Command = engine.Command as new (p: { resume: unknown }) => unknown;
    const doneA = await graphA.invoke(new Command({ resume: 'approved' }), { configurable: { thread_id: 'orig' } });
    const doneB = await graphB.invoke(new Command({ resume: 'approved' }), { configurable: { thread_id: 'copy' } });
    expect(doneB).toEqual(doneA);
    expect(doneB.verdict).toBe('approved');
  });
});
