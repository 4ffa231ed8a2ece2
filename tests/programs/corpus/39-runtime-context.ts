import { Annotation, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { z } from 'zod';

// Run-time configuration: values under configurable, and a typed context (contextSchema + context).
const State = Annotation.Root({ text: Annotation<string> });
const Context = z.object({ language: z.string(), shout: z.boolean().default(false) });

const graph = new StateGraph(State, Context)
  .addNode('greet', (s, runtime: LangGraphRunnableConfig<z.infer<typeof Context>>) => {
    const ctx = runtime.context;
    const word = ctx?.language === 'fr' ? 'Bonjour' : 'Hello';
    const line = `${word}, ${s.text}`;
    return { text: ctx?.shout ? line.toUpperCase() : line };
  })
  .addNode('sign', (s, config: LangGraphRunnableConfig) => ({ text: `${s.text} -- ${String(config.configurable?.signature ?? 'anon')}` }))
  .addEdge(START, 'greet')
  .addEdge('greet', 'sign')
  .compile();

console.log((await graph.invoke({ text: 'world' }, { context: { language: 'fr', shout: false } })).text);
console.log((await graph.invoke({ text: 'world' }, { context: { language: 'en', shout: true }, configurable: { signature: 'Ada' } })).text);

// withConfig sets defaults for every run.
const signed = graph.withConfig({ configurable: { signature: 'Team' } });
console.log((await signed.invoke({ text: 'there' }, { context: { language: 'en', shout: false } })).text);
