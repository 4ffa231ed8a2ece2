/** Built-in graph: three nodes in a row, each appending to a log. */
import { Annotation, END, START, StateGraph, type BaseCheckpointSaver } from '../../engine/index';
import type { GraphModule } from './registry';

const State = Annotation.Root({
  topic: Annotation<string>(),
  notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

export const chainGraph: GraphModule = {
  id: 'chain',
  title: 'Three-step chain',
  description:
    'Research, draft and review run one after another, each adding a note to the state. Step through it to see one checkpoint per superstep and the notes list grow through its reducer.',
  exampleInput: { topic: 'time-travel debugging' },
  build(checkpointer: BaseCheckpointSaver) {
    return new StateGraph(State)
      .addNode('research', (s) => ({ notes: [`researched ${s.topic}`] }))
      .addNode('draft', (s) => ({ notes: [`drafted from ${s.notes.length} note(s)`] }))
      .addNode('review', (s) => ({ notes: [`reviewed: ${s.notes.at(-1) ?? ''}`] }))
      .addEdge(START, 'research')
      .addEdge('research', 'draft')
      .addEdge('draft', 'review')
      .addEdge('review', END)
      .compile({ checkpointer });
  },
};
