/**
 * Threads written by the real LangGraph.js 1.7.3 into a SQLite file with its SqliteSaver, for the
 * task-inference tests: a linear graph, conditional edges, a Send fan-out, a node error, an
 * `interrupt()` (answered and not), a subgraph and the functional API. Each scenario runs its
 * graph on its own thread and returns the compiled graph, to read the thread back with
 * LangGraph.js's own `getStateHistory`.
 */
import { errorThenResume, parallelInterrupts } from '../../scripts/fixtures/js-graphs';
import { Annotation, Command, END, Send, START, StateGraph, entrypoint, interrupt, task, type BaseCheckpointSaver } from '@langchain/langgraph';

const concat = (a: string[], b: string[] | string) => a.concat(b);

/** What a scenario gives back: the graph that wrote the thread, to read it again. */
export interface Written {
  threadId: string;
  // The real compiled graph (its types are LangGraph.js's own; the tests read it loosely).
  graph: { getStateHistory: (config: object) => AsyncIterable<unknown>; nodes: Record<string, { triggers: string[] }>; channels: Record<string, unknown> };
}

type Scenario = (saver: BaseCheckpointSaver) => Promise<Written>;

const State = Annotation.Root({ log: Annotation<string[]>({ reducer: concat, default: () => [] }), route: Annotation<string>() });

async function run(graph: unknown, threadId: string, inputs: unknown[]): Promise<Written> {
  const g = graph as { invoke: (input: unknown, config: object) => Promise<unknown> };
  for (const input of inputs) {
    try {
      await g.invoke(input, { configurable: { thread_id: threadId } });
    } catch {
      // A failing node ends the run with its error saved: that is the thread under test.
    }
  }
  return { threadId, graph: graph as Written['graph'] };
}

export const SCENARIOS: Record<string, Scenario> = {
  linear: (saver) => run(new StateGraph(State)
    .addNode('a', () => ({ log: ['a'] }))
    .addNode('b', () => ({ log: ['b'] }))
    .addNode('c', () => ({ log: ['c'] }))
    .addEdge(START, 'a').addEdge('a', 'b').addEdge('b', 'c').addEdge('c', END)
    .compile({ checkpointer: saver }), 'linear', [{ log: ['in'] }]),

  conditional: (saver) => run(new StateGraph(State)
    .addNode('decide', (s) => ({ log: [`decide ${s.route}`] }))
    .addNode('left', () => ({ log: ['left'] }))
    .addNode('right', () => ({ log: ['right'] }))
    .addEdge(START, 'decide')
    .addConditionalEdges('decide', (s) => (s.route === 'l' ? 'left' : 'right'), ['left', 'right'])
    .addEdge('left', END).addEdge('right', END)
    .compile({ checkpointer: saver }), 'conditional', [{ route: 'l' }, { route: 'r' }]),

  fanout: (saver) => run(new StateGraph(State)
    .addNode('plan', () => ({ log: ['plan'] }))
    .addNode('work', (s: { route: string }) => ({ log: [`work ${s.route}`] }))
    .addNode('sum', (s) => ({ log: [`sum ${s.log.length}`] }))
    .addEdge(START, 'plan')
    .addConditionalEdges('plan', () => ['x', 'y', 'z'].map((r) => new Send('work', { route: r })), ['work'])
    .addEdge('work', 'sum').addEdge('sum', END)
    .compile({ checkpointer: saver }), 'fanout', [{ log: [] }]),

  error: (saver) => run(new StateGraph(State)
    .addNode('first', () => ({ log: ['first'] }))
    .addNode('boom', () => {
      throw new Error('the tool is down');
    })
    .addNode('fine', () => ({ log: ['fine'] }))
    .addEdge(START, 'first').addEdge('first', 'boom').addEdge('first', 'fine').addEdge('boom', END)
    .compile({ checkpointer: saver }), 'error', [{ log: [] }]),

  interrupted: (saver) => run(new StateGraph(State)
    .addNode('draft', () => ({ log: ['draft'] }))
    .addNode('review', () => ({ log: [`review ${interrupt({ question: 'Ship it?' }) as string}`] }))
    .addNode('publish', () => ({ log: ['publish'] }))
    .addEdge(START, 'draft').addEdge('draft', 'review').addEdge('review', 'publish').addEdge('publish', END)
    .compile({ checkpointer: saver }), 'interrupted', [{ log: [] }]),

  resumed: (saver) => run(new StateGraph(State)
    .addNode('ask', () => ({ log: [`ask ${interrupt({ question: 'Name?' }) as string}`] }))
    .addNode('after', () => ({ log: ['after'] }))
    .addEdge(START, 'ask').addEdge('ask', 'after').addEdge('after', END)
    .compile({ checkpointer: saver }), 'resumed', [{ log: [] }, new Command({ resume: 'Ada' })]),

  subgraph: (saver) => {
    const inner = new StateGraph(State)
      .addNode('inner_a', () => ({ log: ['inner_a'] }))
      .addNode('inner_b', () => ({ log: [`inner_b ${interrupt('inner?') as string}`] }))
      .addEdge(START, 'inner_a').addEdge('inner_a', 'inner_b').addEdge('inner_b', END)
      .compile();
    return run(new StateGraph(State)
      .addNode('before', () => ({ log: ['before'] }))
      .addNode('child', inner)
      .addNode('after', () => ({ log: ['after'] }))
      .addEdge(START, 'before').addEdge('before', 'child').addEdge('child', 'after').addEdge('after', END)
      .compile({ checkpointer: saver }), 'subgraph', [{ log: [] }, new Command({ resume: 'yes' })]);
  },

  // A barrier (`join:web+docs:join`) and a failure answered by a second run.
  barrier: (saver) => run(errorThenResume().compile({ checkpointer: saver }), 'barrier', [{ topic: 't' }, null]),

  'two-interrupts': (saver) => run(parallelInterrupts().compile({ checkpointer: saver }), 'two-interrupts', [{}, new Command({ resume: 'ok' })]),

  functional: (saver) => {
    const double = task('double', (n: number) => n * 2);
    const workflow = entrypoint({ name: 'workflow', checkpointer: saver }, async (n: number) => {
      const a = await double(n);
      const ok = interrupt({ question: `keep ${a}?` }) as string;
      return ok === 'yes' ? a : 0;
    });
    return run(workflow, 'functional', [3, new Command({ resume: 'yes' }), 5]);
  },
};
