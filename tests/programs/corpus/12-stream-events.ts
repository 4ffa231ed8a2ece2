import { MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { HumanMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';

// streamEvents v2: every run's start / stream / end, then filtered by type, tag and name.
const model = new FakeListChatModel({ responses: ['hey there'] });
const shout = RunnableLambda.from((s: string) => s.toUpperCase()).withConfig({ runName: 'shout', tags: ['helper'] });

const graph = new StateGraph(MessagesAnnotation)
  .addNode('chat', async (state) => {
    const reply = await model.invoke(state.messages);
    const loud = await shout.invoke(String(reply.content));
    return { messages: [{ role: 'assistant', content: loud }] };
  })
  .addEdge(START, 'chat')
  .compile();

const input = () => ({ messages: [new HumanMessage('hello')] });
const all: string[] = [];
let tokens = '';
for await (const event of graph.streamEvents(input(), { version: 'v2' })) {
  all.push(`${event.event}:${event.name}`);
  if (event.event === 'on_chat_model_stream') tokens += String(event.data.chunk.content);
}
console.log('events', all.length);
for (const e of all) if (!e.startsWith('on_chat_model_stream')) console.log(e);
console.log('tokens', tokens);

const onlyChat: string[] = [];
for await (const event of graph.streamEvents(input(), { version: 'v2' }, { includeTypes: ['chat_model'] })) {
  onlyChat.push(event.event);
}
console.log('chat_model events', onlyChat.length, onlyChat[0], onlyChat[onlyChat.length - 1]);

const tagged: string[] = [];
for await (const event of graph.streamEvents(input(), { version: 'v2' }, { includeTags: ['helper'] })) {
  tagged.push(`${event.event}:${event.name}:${JSON.stringify(event.data.output ?? null)}`);
}
console.log(tagged.join('\n'));

const named: string[] = [];
for await (const event of graph.streamEvents(input(), { version: 'v2' }, { includeNames: ['chat'] })) {
  named.push(`${event.event} node=${String(event.metadata.langgraph_node)} step=${String(event.metadata.langgraph_step)}`);
}
console.log(named.join('\n'));
