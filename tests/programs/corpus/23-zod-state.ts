import { START, StateGraph } from '@langchain/langgraph';
import { withLangGraph } from '@langchain/langgraph/zod';
import { z } from 'zod';

// State declared with zod: plain fields overwrite, fields with a reducer accumulate.
const State = z.object({
  question: z.string(),
  attempts: withLangGraph(z.number(), { reducer: { fn: (a: number, b: number) => a + b }, default: () => 0 }),
  answers: withLangGraph(z.array(z.string()), {
    reducer: { schema: z.union([z.string(), z.array(z.string())]), fn: (a: string[], b: string | string[]) => a.concat(b) },
    default: () => [],
  }),
  confident: z.boolean().optional(),
});

const graph = new StateGraph(State)
  .addNode('guess', (s) => ({ attempts: 1, answers: `guess ${s.attempts + 1} for ${s.question}` }))
  .addNode('check', (s) => ({ confident: s.answers.length >= 2 }))
  .addEdge(START, 'guess')
  .addEdge('guess', 'check')
  .addConditionalEdges('check', (s) => (s.confident ? '__end__' : 'guess'))
  .compile();

const out = await graph.invoke({ question: 'why is the sky blue' });
console.log(JSON.stringify(out));

for await (const chunk of await graph.stream({ question: 'q', answers: ['seed'] }, { streamMode: 'updates' })) console.log(JSON.stringify(chunk));

// Input that does not match the schema is refused.
try {
  await graph.invoke({ question: 42 } as unknown as { question: string });
  console.log('accepted bad input');
} catch (error) {
  console.log('refused bad input:', (error as Error).name);
}
