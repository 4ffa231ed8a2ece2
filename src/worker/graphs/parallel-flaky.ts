/** Built-in graph: two parallel branches, one of which fails the first time it runs on a thread. */
import { Annotation, END, START, StateGraph, type BaseCheckpointSaver } from '../../engine/index';
import type { GraphModule } from './registry';

const State = Annotation.Root({
  query: Annotation<string>(),
  results: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  summary: Annotation<string>(),
});

export const parallelFlakyGraph: GraphModule = {
  id: 'parallel-flaky',
  title: 'Parallel branches, one flaky',
  description:
    'Two searches run in parallel; the "web" search fails the first time on each thread. Continue the failed thread and inspect the checkpoint before the failure: the "docs" write is re-applied instead of running again, and the error write is skipped as a control signal.',
  exampleInput: { query: 'pregel supersteps' },
  build(checkpointer: BaseCheckpointSaver) {
    // Threads on which "web" already failed once (per compiled graph, i.e. per worker).
    const failedOnce = new Set<string>();
    return new StateGraph(State)
      .addNode('docs', (s) => ({ results: [`docs: ${s.query}`] }))
      .addNode('web', (s, config) => {
        const thread = String(config.configurable?.thread_id ?? '');
        if (!failedOnce.has(thread)) {
          failedOnce.add(thread);
          throw new Error('web search timed out (fails once per thread; continue the run to retry)');
        }
        return { results: [`web: ${s.query}`] };
      })
      .addNode('merge', (s) => ({ summary: `${s.results.length} results: ${[...s.results].sort().join(' | ')}` }))
      .addEdge(START, 'docs')
      .addEdge(START, 'web')
      .addEdge(['docs', 'web'], 'merge')
      .addEdge('merge', END)
      .compile({ checkpointer });
  },
};
