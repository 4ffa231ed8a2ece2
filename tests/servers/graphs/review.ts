/**
 * Human review with `interrupt()`: `draft` writes a text, `review` asks for a verdict, `publish`
 * records it.
 */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

interface S {
  text?: string;
  verdict?: string;
}

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({ text: lg.Annotation(), verdict: lg.Annotation(), published: lg.Annotation() });
  return new lg.StateGraph(State)
    .addNode('draft', (s: S) => ({ text: `draft of ${s.text ?? 'nothing'}` }))
    .addNode('review', (s: S) => ({ verdict: String(lg.interrupt({ question: 'Approve?', text: s.text })) }))
    .addNode('publish', (s: S) => ({ published: s.verdict === 'yes' }))
    .addEdge(lg.START, 'draft')
    .addEdge('draft', 'review')
    .addEdge('review', 'publish')
    .addEdge('publish', lg.END)
    .compile();
}

export const graph = build(langgraph);
