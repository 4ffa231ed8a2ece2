import { Annotation, Command, END, START, StateGraph } from '@langchain/langgraph';

// Command from a node: update the state and choose the next node, without edges.
const State = Annotation.Root({
  ticket: Annotation<string>,
  route: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const graph = new StateGraph(State)
  .addNode(
    'triage',
    (s) => {
      const target = s.ticket.includes('refund') ? 'billing' : s.ticket.includes('bug') ? 'engineering' : 'support';
      return new Command({ update: { route: [`triage->${target}`] }, goto: target });
    },
    { ends: ['billing', 'engineering', 'support'] },
  )
  .addNode('billing', () => new Command({ update: { route: ['billing'] }, goto: 'support' }), { ends: ['support'] })
  .addNode('engineering', () => new Command({ update: { route: ['engineering'] }, goto: END }), { ends: [END] })
  .addNode('support', () => ({ route: ['support'] }))
  .addEdge(START, 'triage')
  .compile();

for (const ticket of ['please refund me', 'found a bug', 'hello']) {
  const out = await graph.invoke({ ticket });
  console.log(ticket, '=>', out.route.join(' '));
}

// goto several nodes at once, and Command as the graph input's update.
const fan = new StateGraph(State)
  .addNode('start', () => new Command({ goto: ['a', 'b'] }), { ends: ['a', 'b'] })
  .addNode('a', () => ({ route: ['a'] }))
  .addNode('b', () => ({ route: ['b'] }))
  .addEdge(START, 'start')
  .compile();
for await (const chunk of await fan.stream({ ticket: 't' }, { streamMode: 'updates' })) console.log(JSON.stringify(chunk));

const drawn = graph.getGraph();
console.log('edges', drawn.edges.map((e) => `${e.source}->${e.target}`).sort().join(' '));
