/**
 * Map-reduce with Send: a router sends one "summarize" task per document (each gets its own input),
 * and their results meet in a reducer channel before "combine" runs once.
 */
import { Annotation, END, START, Send, StateGraph } from 'replaygraph';

export const title = 'Map-reduce with Send';
export const description =
  'A router fans out one summarize task per document with Send, each with its own input, all in the same superstep. ' +
  'Open the checkpoint of that step: the tasks tab shows the push tasks, and the summaries meet in a reducer channel before combine runs once.';
export const exampleInput = { docs: ['pregel', 'channels', 'checkpoints'] };

const State = Annotation.Root({
  docs: Annotation<string[]>(),
  summaries: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  report: Annotation<string>(),
});

export default new StateGraph(State)
  // A Send's task receives the Send's argument, not the graph state.
  .addNode('summarize', (input: unknown) => {
    const { doc } = input as { doc: string };
    return { summaries: [`${doc}: ${doc.length} letters`] };
  })
  .addNode('combine', (s) => ({ report: [...s.summaries].sort().join('; ') }))
  .addConditionalEdges(START, (s) => s.docs.map((doc) => new Send('summarize', { doc })), ['summarize'])
  .addEdge('summarize', 'combine')
  .addEdge('combine', END);
