/**
 * A ReAct-style agent as LangGraph.js programs write it: MessagesAnnotation state, a chat model
 * bound to tools, ToolNode and toolsCondition. The model is scripted (offline and deterministic);
 * before the sensitive `book_flight` tool runs, a guard node asks a human with interrupt().
 */
import { type AIMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { Command, END, MessagesAnnotation, START, StateGraph, interrupt } from 'replaygraph';
import { ScriptedChatModel } from 'replaygraph/models';
import { ToolNode, toolsCondition } from 'replaygraph/prebuilt';

export const title = 'ReAct agent with approval';
export const description =
  'A chat agent calls tools in a loop (ToolNode, toolsCondition) with a scripted model: it searches flights, then wants to book one. ' +
  'Booking is sensitive, so a guard node calls interrupt() first: resume with "approve" to book, anything else declines; the State tab shows the conversation as a chat transcript.';
export const exampleInput = { messages: [{ role: 'user', content: 'Find me a flight from Paris to Oslo on Friday and book it.' }] };

const searchFlights = tool(
  async ({ from, to }) => `RG 101 ${from} → ${to}, Friday 09:10, 240 EUR; RG 205 ${from} → ${to}, Friday 17:45, 180 EUR`,
  { name: 'search_flights', description: 'Search flights between two cities.', schema: z.object({ from: z.string(), to: z.string() }) },
);
const bookFlight = tool(
  async ({ flight }) => `Booked ${flight}: confirmation RG-7Q2X.`,
  { name: 'book_flight', description: 'Book a flight (charges the card on file).', schema: z.object({ flight: z.string() }) },
);
const tools = [searchFlights, bookFlight];
const SENSITIVE = new Set(['book_flight']);

// The nth answer goes to the nth model call of a conversation (`answerBy: 'turns'`), so resuming,
// replaying or forking the thread gets the same answers at the same points.
const model = new ScriptedChatModel({
  answerBy: 'turns',
  responses: [
    { content: 'Let me look for flights.', tool_calls: [{ id: 'call_search', name: 'search_flights', args: { from: 'Paris', to: 'Oslo' } }] },
    { content: 'RG 205 is the cheapest; booking it.', tool_calls: [{ id: 'call_book', name: 'book_flight', args: { flight: 'RG 205' } }] },
    'Done: the tool result above says whether RG 205 was booked.',
  ],
}).bindTools(tools);

const lastCalls = (s: typeof MessagesAnnotation.State) => (s.messages[s.messages.length - 1] as AIMessage).tool_calls ?? [];

export default new StateGraph(MessagesAnnotation)
  .addNode('agent', async (s) => ({ messages: [await model.invoke(s.messages)] }))
  // Sensitive calls wait for a human; the others go straight to the tools.
  .addNode('guard', (s) => {
    const sensitive = lastCalls(s).filter((c) => SENSITIVE.has(c.name));
    if (sensitive.length === 0) return new Command({ goto: 'tools' });
    const answer = interrupt({ question: 'Run these tool calls?', calls: sensitive.map((c) => ({ name: c.name, args: c.args })) });
    if (answer === 'approve') return new Command({ goto: 'tools' });
    // Declined: every call gets a ToolMessage saying so, and the model goes on from there.
    const declined = lastCalls(s).map((c) => new ToolMessage({ content: `Not run: the user declined (${JSON.stringify(answer)}).`, tool_call_id: c.id ?? '', name: c.name }));
    return new Command({ goto: 'agent', update: { messages: declined } });
  }, { ends: ['tools', 'agent'] })
  .addNode('tools', new ToolNode(tools))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', toolsCondition, { tools: 'guard', [END]: END })
  .addEdge('tools', 'agent');
