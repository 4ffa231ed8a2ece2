/**
 * The benchmark workloads, each written once against the LangGraph.js public API and run on
 * either implementation (the module namespace is passed in). A workload's `prepare` builds the
 * graph (and any data it reads) outside the timed region; the returned `run` is what is timed.
 */

/** A module namespace shaped like `@langchain/langgraph`. */
export type Impl = Record<string, any>;

/** A workload's timed body, and what is done after each call outside the timing. */
export interface Timed {
  run: () => Promise<unknown>;
  /**
   * Deletes the thread the last call wrote. Every round then starts from the same saver, whatever
   * the number of rounds before it: a saver that kept every round's thread would make a faster
   * implementation (more warm-up rounds in the same time) run against a bigger heap.
   */
  after?: () => Promise<void>;
}

export interface Workload {
  name: string;
  /** Exports the workload needs beyond StateGraph / Annotation / START / END / MemorySaver. */
  needs: string[];
  /** Builds the graph and returns the timed body (a fresh thread per call). */
  prepare(impl: Impl): Promise<Timed>;
  /** Supersteps one timed run takes, when the figure per superstep is worth printing. */
  supersteps?: number;
}

let threadSeq = 0;
const freshThread = (recursionLimit = 1000) => ({ configurable: { thread_id: `bench-${(threadSeq += 1)}` }, recursionLimit });

/** A timed body that writes a fresh thread of `saver` per call; `after` deletes it. */
function onFreshThreads(saver: { deleteThread(threadId: string): Promise<void> }, body: (thread: ReturnType<typeof freshThread>) => Promise<void>): Timed {
  let last: string | undefined;
  return {
    run: () => {
      const thread = freshThread();
      last = thread.configurable.thread_id;
      return body(thread);
    },
    after: async () => {
      if (last !== undefined) await saver.deleteThread(last);
    },
  };
}

/** A counter node looping on itself: one superstep, one checkpoint per iteration. */
function loopGraph(impl: Impl, steps: number, saver: any = new impl.MemorySaver()): any {
  const State = impl.Annotation.Root({ n: impl.Annotation({ reducer: (a: number, b: number) => a + b, default: () => 0 }) });
  return new impl.StateGraph(State)
    .addNode('step', () => ({ n: 1 }))
    .addEdge(impl.START, 'step')
    .addConditionalEdges('step', (s: { n: number }) => (s.n < steps ? 'step' : impl.END))
    .compile({ checkpointer: saver });
}

const loop300: Workload = {
  name: '300-superstep loop, checkpoint per step (MemorySaver)',
  needs: [],
  // The `__start__` superstep (it applies the input), then 300 of `step`.
  supersteps: 301,
  async prepare(impl) {
    const saver = new impl.MemorySaver();
    const graph = loopGraph(impl, 300, saver);
    return onFreshThreads(saver, async (thread) => {
      const out = await graph.invoke({ n: 0 }, thread);
      if (out.n !== 300) throw new Error(`loop ended at ${out.n}`);
    });
  },
};

const fanOut200: Workload = {
  name: '200-way Send fan-out',
  needs: ['Send'],
  async prepare(impl) {
    const saver = new impl.MemorySaver();
    const State = impl.Annotation.Root({
      items: impl.Annotation({ reducer: (a: number[], b: number[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('work', (s: { i: number }) => ({ items: [s.i * 2] }))
      .addConditionalEdges(impl.START, () => Array.from({ length: 200 }, (_, i) => new impl.Send('work', { i })))
      .compile({ checkpointer: saver });
    return onFreshThreads(saver, async (thread) => {
      const out = await graph.invoke({ items: [] }, thread);
      if (out.items.length !== 200) throw new Error(`fan-out gathered ${out.items.length}`);
    });
  },
};

const history200: Workload = {
  name: 'read a 200-checkpoint history (getStateHistory)',
  needs: [],
  async prepare(impl) {
    // 197 loop steps + input, __start__ and final checkpoints = 200 checkpoints, built untimed.
    const graph = loopGraph(impl, 198);
    const thread = freshThread();
    await graph.invoke({ n: 0 }, thread);
    return {
      run: async () => {
        let count = 0;
        for await (const _snapshot of graph.getStateHistory(thread)) count += 1;
        if (count !== 200) throw new Error(`history has ${count} checkpoints`);
      },
    };
  },
};

const functional200: Workload = {
  name: 'entrypoint awaiting 200 tasks one by one',
  needs: ['entrypoint', 'task'],
  async prepare(impl) {
    const saver = new impl.MemorySaver();
    const inc = impl.task('inc', async (n: number) => n + 1);
    const workflow = impl.entrypoint({ name: 'count', checkpointer: saver }, async (start: number) => {
      let n = start;
      for (let i = 0; i < 200; i += 1) n = await inc(n);
      return n;
    });
    return onFreshThreads(saver, async (thread) => {
      const out = await workflow.invoke(0, thread);
      if (out !== 200) throw new Error(`functional workload returned ${out}`);
    });
  },
};

const subgraph50: Workload = {
  name: 'subgraph (3 nodes) run by a 50-superstep parent loop',
  needs: ['entrypoint', 'task'],
  async prepare(impl) {
    const SubState = impl.Annotation.Root({ n: impl.Annotation(), trail: impl.Annotation() });
    const sub = new impl.StateGraph(SubState)
      .addNode('s1', (s: { n: number }) => ({ trail: `s1@${s.n}` }))
      .addNode('s2', (s: { trail: string }) => ({ trail: `${s.trail}+s2` }))
      .addNode('s3', (s: { trail: string }) => ({ trail: `${s.trail}+s3` }))
      .addEdge(impl.START, 's1')
      .addEdge('s1', 's2')
      .addEdge('s2', 's3')
      .compile();
    const saver = new impl.MemorySaver();
    const State = impl.Annotation.Root({ n: impl.Annotation(), trail: impl.Annotation() });
    const graph = new impl.StateGraph(State)
      .addNode('sub', sub)
      .addNode('count', (s: { n: number }) => ({ n: s.n + 1 }))
      .addEdge(impl.START, 'sub')
      .addEdge('sub', 'count')
      .addConditionalEdges('count', (s: { n: number }) => (s.n < 50 ? 'sub' : impl.END))
      .compile({ checkpointer: saver });
    return onFreshThreads(saver, async (thread) => {
      const out = await graph.invoke({ n: 0 }, thread);
      if (out.n !== 50) throw new Error(`subgraph loop ended at ${out.n}`);
    });
  },
};

/** Every workload, in print order. */
export const WORKLOADS: Workload[] = [loop300, fanOut200, history200, functional200, subgraph50];
