/**
 * A multi-agent hand-off: two agents, each its own subgraph with a scripted model, pass the
 * conversation to each other with a tool call answered by Command({ graph: Command.PARENT, goto }).
 * The parent graph only declares who may hand off to whom.
 */
import { type AIMessage, ToolMessage } from '@langchain/core/messages';
import { Command, END, MessagesAnnotation, START, StateGraph } from 'replaygraph';
import { ScriptedChatModel } from 'replaygraph/models';

export const title = 'Multi-agent hand-off';
export const description =
  'A travel advisor and a hotel advisor, each a subgraph, hand the conversation to each other: a transfer tool call is answered by Command.PARENT, which routes the parent graph to the other agent. ' +
  'Look for the hand-off in the parent\'s tasks and in each subgraph\'s namespace; the State tab shows who said what as a chat transcript.';
export const exampleInput = { messages: [{ role: 'user', content: 'Plan a weekend in Lisbon, with a hotel by the river.' }] };

const transfer = (to: string, id: string) => ({ id, name: `transfer_to_${to}`, args: {} });

// Answers by conversation turn (the number of AI messages so far): turn 0 and 2 are the travel
// advisor's, turn 1 the hotel advisor's.
const travelModel = new ScriptedChatModel({
  answerBy: 'turns',
  responses: [
    { content: 'Lisbon it is. For the hotel I will ask my colleague.', tool_calls: [transfer('hotel_advisor', 'call_to_hotel')] },
    '(turn 1 is the hotel advisor\'s)',
    'Saturday: Alfama and the castle, dinner in Bairro Alto. Sunday: Belém by tram 15, back along the river to your hotel.',
  ],
});
const hotelModel = new ScriptedChatModel({
  answerBy: 'turns',
  responses: [
    '(turn 0 is the travel advisor\'s)',
    { content: 'By the river: Memmo Príncipe Real or the Hotel Riverside Alfama. Back to the travel advisor for the days.', tool_calls: [transfer('travel_advisor', 'call_to_travel')] },
  ],
});

/** One agent: its model, and a hand-off node that answers a transfer call in the parent graph. */
function agent(name: string, model: ScriptedChatModel, peer: string) {
  return new StateGraph(MessagesAnnotation)
    .addNode('model', async (s) => ({ messages: [await model.invoke(s.messages)] }))
    .addNode('handoff', (s) => {
      const call = s.messages[s.messages.length - 1] as AIMessage;
      const id = call.tool_calls?.[0]?.id ?? '';
      // The parent has not seen this subgraph's messages yet: the update carries the call and its answer.
      const done = new ToolMessage({ content: `Transferred to ${peer}.`, tool_call_id: id, name: `transfer_to_${peer}` });
      return new Command({ graph: Command.PARENT, goto: peer, update: { messages: [call, done] } });
    })
    .addEdge(START, 'model')
    .addConditionalEdges('model', (s) => ((s.messages[s.messages.length - 1] as AIMessage).tool_calls?.length ? 'handoff' : END), ['handoff', END])
    .compile({ name });
}

export default new StateGraph(MessagesAnnotation)
  .addNode('travel_advisor', agent('travel_advisor', travelModel, 'hotel_advisor'), { ends: ['hotel_advisor'] })
  .addNode('hotel_advisor', agent('hotel_advisor', hotelModel, 'travel_advisor'), { ends: ['travel_advisor'] })
  .addEdge(START, 'travel_advisor');
