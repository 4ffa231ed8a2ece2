/**
 * A subgraph called twice in a loop. Each call checkpoints in its own namespace. Replay the parent
 * from the checkpoint between the two calls: the second call is a first visit of a namespace, and
 * the trace says what that first visit loaded.
 */
import { Annotation, END, START, StateGraph } from 'replaygraph';

export const title = 'Subgraph in a loop, replayed';
export const description =
  'A parent calls the same two-step subgraph twice in a loop; each call checkpoints in its own namespace (see the namespace tree). ' +
  'Replay the parent from the checkpoint between the two calls: the runs panel lists the subgraph first visit of the replay and what it loaded, and the first call is not run again.';
export const exampleInput = { rounds: 2 };

// The parent keeps `steps` as a plain value: the subgraph returns the whole list it extended, which
// replaces the parent's (a reducer here would append the list to itself).
const Parent = Annotation.Root({
  rounds: Annotation<number>(),
  round: Annotation<number>(),
  steps: Annotation<string[]>(),
});

// Inside the subgraph `steps` has a reducer: each node adds its line.
const Child = Annotation.Root({
  round: Annotation<number>(),
  steps: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const child = new StateGraph(Child)
  .addNode('fetch', (s) => ({ steps: [`round ${(s.round ?? 0) + 1}: fetched`] }))
  .addNode('score', (s) => ({ steps: [`round ${(s.round ?? 0) + 1}: scored`], round: (s.round ?? 0) + 1 }))
  .addEdge(START, 'fetch')
  .addEdge('fetch', 'score')
  .addEdge('score', END)
  .compile();

export default new StateGraph(Parent)
  .addNode('plan', () => ({ round: 0, steps: ['planned'] }))
  .addNode('work', child)
  .addNode('report', (s) => ({ steps: [...s.steps, `report after ${s.round} round(s)`] }))
  .addEdge(START, 'plan')
  .addEdge('plan', 'work')
  .addConditionalEdges('work', (s) => (s.round < s.rounds ? 'again' : 'done'), { again: 'work', done: 'report' })
  .addEdge('report', END);
