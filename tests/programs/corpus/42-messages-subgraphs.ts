import { MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { HumanMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

// Stream mode "messages" with a model inside a subgraph, and a model call hidden with the nostream tag.
const inner = new FakeListChatModel({ responses: ['deep'] });
const hidden = new FakeListChatModel({ responses: ['secret'] });
const outer = new FakeListChatModel({ responses: ['top'] });

const sub = new StateGraph(MessagesAnnotation)
  .addNode('innerModel', async (s) => ({ messages: [await inner.invoke(s.messages)] }))
  .addEdge(START, 'innerModel')
  .compile();

const graph = new StateGraph(MessagesAnnotation)
  .addNode('outerModel', async (s) => {
    const quiet = await hidden.invoke(s.messages, { tags: ['langsmith:nostream'] });
    return { messages: [await outer.invoke([...s.messages, quiet])] };
  })
  .addNode('sub', sub)
  .addEdge(START, 'outerModel')
  .addEdge('outerModel', 'sub')
  .compile();

const input = () => ({ messages: [new HumanMessage('go')] });
const text = (chunks: [string, string][]) => {
  const by: Record<string, string> = {};
  for (const [k, v] of chunks) by[k] = (by[k] ?? '') + v;
  return JSON.stringify(by);
};

const plain: [string, string][] = [];
for await (const [msg, meta] of await graph.stream(input(), { streamMode: 'messages' })) plain.push([String(meta.langgraph_node), String(msg.content)]);
console.log('messages', text(plain));

const nested: [string, string][] = [];
for await (const [ns, [msg, meta]] of await graph.stream(input(), { streamMode: 'messages', subgraphs: true })) {
  nested.push([`${ns.map((p: string) => p.split(':')[0]).join('/') || '-'}>${String(meta.langgraph_node)}`, String(msg.content)]);
}
console.log('with subgraphs', text(nested));

const final = await graph.invoke(input());
console.log('final', final.messages.map((m) => String(m.content)).join(' | '));
