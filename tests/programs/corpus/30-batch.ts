import { Annotation, START, StateGraph } from '@langchain/langgraph';

// batch: many inputs at once, results in input order; returnExceptions keeps failures as values.
const State = Annotation.Root({ n: Annotation<number>, out: Annotation<string> });

const graph = new StateGraph(State)
  .addNode('describe', async (s) => {
    if (s.n < 0) throw new Error(`cannot describe ${s.n}`);
    await new Promise((r) => setTimeout(r, (5 - s.n) * 2));
    return { out: `${s.n} is ${s.n % 2 === 0 ? 'even' : 'odd'}` };
  })
  .addEdge(START, 'describe')
  .compile();

const results = await graph.batch([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
console.log(results.map((r) => r.out).join(' | '));

const mixed = await graph.batch([{ n: 2 }, { n: -1 }, { n: 3 }], {}, { returnExceptions: true });
for (const r of mixed) console.log(r instanceof Error ? `error: ${r.message}` : `ok: ${r.out}`);

try {
  await graph.batch([{ n: 1 }, { n: -5 }]);
} catch (error) {
  console.log('batch threw', (error as Error).message);
}

const limited = await graph.batch([{ n: 0 }, { n: 1 }, { n: 2 }], { maxConcurrency: 1 });
console.log('maxConcurrency 1:', limited.map((r) => r.out).join(' | '));
