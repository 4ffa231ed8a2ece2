import { Annotation, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';

// Stream mode "custom": nodes send progress through config.writer.
const State = Annotation.Root({
  files: Annotation<string[]>,
  total: Annotation<number>,
});

const graph = new StateGraph(State)
  .addNode('download', async (state, config: LangGraphRunnableConfig) => {
    let total = 0;
    for (const [i, file] of state.files.entries()) {
      total += file.length;
      config.writer?.({ progress: `${i + 1}/${state.files.length}`, file });
    }
    return { total };
  })
  .addNode('report', (state, config: LangGraphRunnableConfig) => {
    config.writer?.('report ready');
    return { total: state.total * 2 };
  })
  .addEdge(START, 'download')
  .addEdge('download', 'report')
  .compile();

for await (const chunk of await graph.stream({ files: ['a.txt', 'bb.txt', 'ccc.txt'] }, { streamMode: 'custom' })) {
  console.log('custom', JSON.stringify(chunk));
}
for await (const [mode, chunk] of await graph.stream({ files: ['z'] }, { streamMode: ['custom', 'updates', 'values'] })) {
  console.log(mode, JSON.stringify(chunk));
}
const out = await graph.invoke({ files: ['q', 'rr'] });
console.log('invoke total', out.total);
