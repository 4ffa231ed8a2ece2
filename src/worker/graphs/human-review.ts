/** Built-in graph: a draft waits for a human decision through `interrupt()`. */
import { Annotation, END, START, StateGraph, interrupt, type BaseCheckpointSaver } from '../../engine/index';
import type { GraphModule } from './registry';

const State = Annotation.Root({
  request: Annotation<string>(),
  draft: Annotation<string>(),
  revisions: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
  decision: Annotation<string>(),
});

export const humanReviewGraph: GraphModule = {
  id: 'human-review',
  title: 'Human review',
  description:
    'A writer drafts a reply, then the review node calls interrupt() and the run stops until you resume it with "approve" or feedback. Resume with feedback to loop back for a revision, and watch the resume value being consumed in the checkpoint inspector.',
  exampleInput: { request: 'Reply to a customer asking for a refund' },
  build(checkpointer: BaseCheckpointSaver) {
    return new StateGraph(State)
      .addNode('write', (s) => ({ draft: `Draft ${s.revisions + 1} for: ${s.request}`, revisions: 1 }))
      .addNode('review', (s) => {
        const answer: unknown = interrupt({ question: 'Approve this draft, or give feedback?', draft: s.draft });
        return { decision: typeof answer === 'string' ? answer : JSON.stringify(answer) };
      })
      .addNode('publish', (s) => ({ draft: `${s.draft} [published]` }))
      .addEdge(START, 'write')
      .addEdge('write', 'review')
      .addConditionalEdges('review', (s) => (s.decision === 'approve' ? 'publish' : 'revise'), { publish: 'publish', revise: 'write' })
      .addEdge('publish', END)
      .compile({ checkpointer });
  },
};
