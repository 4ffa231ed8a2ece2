/**
 * A draft waits for a human decision through interrupt(). Answering "revise" leads to a node that
 * asks two questions in a row: on the second resume the first answer is replayed from its
 * __resume__ write instead of asking again.
 */
import { Annotation, END, START, StateGraph, interrupt } from 'replaygraph';

export const title = 'Human review';
export const description =
  'A writer drafts a reply, then the review node calls interrupt() and the run stops until you resume with "approve", "revise" or feedback. ' +
  'Answer "revise" to reach a node with two interrupts: on the second resume the first answer is replayed from its __resume__ write, which the pending writes tab shows as a resume value.';
export const exampleInput = { request: 'Reply to a customer asking for a refund' };

const State = Annotation.Root({
  request: Annotation<string>(),
  draft: Annotation<string>(),
  revisions: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
  decision: Annotation<string>(),
  guidance: Annotation<string>(),
});

const text = (answer: unknown) => (typeof answer === 'string' ? answer : JSON.stringify(answer));

export default new StateGraph(State)
  .addNode('write', (s) => ({
    draft: `Draft ${s.revisions + 1} for: ${s.request}${s.guidance ? ` (${s.guidance})` : ''}`,
    revisions: 1,
  }))
  .addNode('review', (s) => {
    const answer: unknown = interrupt({ question: 'Approve this draft, or give feedback?', draft: s.draft });
    return { decision: text(answer) };
  })
  // Two interrupts in one node: each resume runs the node again from the top, and the answers
  // already given are replayed in order, so only the next question is asked.
  .addNode('clarify', () => {
    const change = text(interrupt({ question: 'What should change?' }));
    const tone = text(interrupt({ question: 'Which tone: formal or friendly?' }));
    return { guidance: `${change}; tone: ${tone}` };
  })
  .addNode('publish', (s) => ({ draft: `${s.draft} [published]` }))
  .addEdge(START, 'write')
  .addEdge('write', 'review')
  .addConditionalEdges(
    'review',
    // "revise" without saying how: ask; any other answer is the feedback itself.
    (s) => (s.decision === 'approve' ? 'publish' : s.decision === 'revise' ? 'clarify' : 'revise'),
    { publish: 'publish', clarify: 'clarify', revise: 'write' },
  )
  .addEdge('clarify', 'write')
  .addEdge('publish', END);
