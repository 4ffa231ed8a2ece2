import { Annotation, Command, END, INTERRUPT, MemorySaver, START, StateGraph, interrupt, isInterrupted } from '@langchain/langgraph';

// Human in the loop: a node pauses with interrupt() and the run resumes with Command({ resume }).
const State = Annotation.Root({
  action: Annotation<string>,
  status: Annotation<string>,
});

let approvals = 0;
const graph = new StateGraph(State)
  .addNode('propose', () => ({ action: 'delete 3 files' }))
  .addNode('approve', (state) => {
    approvals += 1;
    const answer = interrupt({ question: `Approve "${state.action}"?` }) as { ok: boolean; note?: string };
    return { status: answer.ok ? `approved (${answer.note ?? 'no note'})` : 'rejected' };
  })
  .addNode('act', (state) => ({ status: `${state.status}; done` }))
  .addEdge(START, 'propose')
  .addEdge('propose', 'approve')
  .addConditionalEdges('approve', (s) => (s.status.startsWith('approved') ? 'act' : END))
  .addEdge('act', END)
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'review-1' } };
const first = await graph.invoke({ action: '' }, config);
console.log('interrupted', isInterrupted(first));
if (!isInterrupted(first)) throw new Error('expected the run to pause');
const pending = first[INTERRUPT];
console.log('interrupts', pending.length, JSON.stringify(pending[0].value));

const paused = await graph.getState(config);
console.log('next', JSON.stringify(paused.next), 'task interrupts', paused.tasks[0].interrupts.length);

const done = await graph.invoke(new Command({ resume: { ok: true, note: 'looks fine' } }), config);
console.log('status', done.status);
console.log('approve node ran', approvals, 'times');

// A second thread rejects.
const other = { configurable: { thread_id: 'review-2' } };
await graph.invoke({ action: '' }, other);
const rejected = await graph.invoke(new Command({ resume: { ok: false } }), other);
console.log('other status', rejected.status, 'next', JSON.stringify((await graph.getState(other)).next));
