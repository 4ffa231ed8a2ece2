/**
 * Two searches run in parallel; "web" fails the first time it runs on each thread.
 * Continue the failed thread: the "docs" write saved before the failure is re-applied instead of
 * running "docs" again, and "web" runs again: its outputs supersede its __error__ write.
 */
import { Annotation, END, START, StateGraph, getStore } from 'replaygraph';

type NodeConfig = NonNullable<Parameters<typeof getStore>[0]>;

export const title = 'Parallel branches, one flaky';
export const description =
  'Two searches run in parallel and the "web" search fails the first time on each thread, so the run ends with an error. ' +
  'Continue it and open the pending writes of the checkpoint before the failure: the "docs" write is re-applied (docs does not run again) and only "web" runs again, so its outputs supersede its __error__ write.';
export const exampleInput = { query: 'pregel supersteps' };

const State = Annotation.Root({
  query: Annotation<string>(),
  results: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  summary: Annotation<string>(),
});

// Whether "web" already failed on a thread is kept in the thread's store: each run has a sandbox
// worker of its own, so a variable of this module would be new on every run. (Without a store,
// e.g. the engine alone, this module's own memory is used.)
const failedHere = new Set<string>();

/** True the first time it is asked for a thread, false afterwards. */
async function firstTime(config: NodeConfig): Promise<boolean> {
  const store = getStore(config);
  if (!store) {
    const thread = String(config.configurable?.thread_id ?? '');
    return !failedHere.has(thread) && Boolean(failedHere.add(thread));
  }
  if (await store.get(['parallel-flaky'], 'web-failed')) return false;
  await store.put(['parallel-flaky'], 'web-failed', { failed: true });
  return true;
}

export default new StateGraph(State)
  .addNode('docs', (s) => ({ results: [`docs: ${s.query}`] }))
  .addNode('web', async (s, config) => {
    if (await firstTime(config)) throw new Error('web search timed out (fails once per thread; continue the run to retry)');
    return { results: [`web: ${s.query}`] };
  })
  .addNode('merge', (s) => ({ summary: `${s.results.length} results: ${[...s.results].sort().join(' | ')}` }))
  .addEdge(START, 'docs')
  .addEdge(START, 'web')
  .addEdge(['docs', 'web'], 'merge')
  .addEdge('merge', END);
