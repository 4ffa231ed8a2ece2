import { Annotation, Command, START, StateGraph } from '@langchain/langgraph';

// A subgraph node hands control to a sibling in the parent graph with Command.PARENT.
const S = Annotation.Root({
  trail: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  escalate: Annotation<boolean>,
});

const team = new StateGraph(S)
  .addNode('junior', (s) => {
    if (s.escalate) return new Command({ graph: Command.PARENT, goto: 'senior', update: { trail: ['junior escalates'] } });
    return { trail: ['junior handles it'] };
  })
  .addNode('wrapUp', () => ({ trail: ['team wrap-up'] }))
  .addEdge(START, 'junior')
  .addEdge('junior', 'wrapUp')
  .compile();

const org = new StateGraph(S)
  .addNode('team', team, { ends: ['senior'] })
  .addNode('senior', () => ({ trail: ['senior handles it'] }))
  .addEdge(START, 'team')
  .compile();

for (const escalate of [false, true]) {
  const out = await org.invoke({ escalate });
  console.log('escalate', escalate, '=>', out.trail.join(' / '));
}
for await (const [ns, chunk] of await org.stream({ escalate: true }, { streamMode: 'updates', subgraphs: true })) {
  console.log(ns.map((p: string) => p.split(':')[0]).join('/') || '-', JSON.stringify(chunk));
}
