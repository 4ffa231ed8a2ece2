/**
 * The OpenAI-compatible adapter against a stand-in provider: a local HTTP server on 127.0.0.1
 * (a free port, started and stopped here) that records each request and answers as a
 * chat-completions API would, whole or streamed (server-sent events).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MessagesAnnotation, START, StateGraph } from '../../src/engine/index';
import { OpenAICompatibleChatModel, ProviderRequestError } from '../../src/engine/models';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: any;
}

let server: Server;
let baseURL: string;
let seen: Seen[] = [];
/** What the stand-in answers next. */
let answer: (res: ServerResponse, body: any) => void;

const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};

const sse = (res: ServerResponse, events: unknown[]) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
  res.end('data: [DONE]\n\n');
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

const model = (extra: Partial<ConstructorParameters<typeof OpenAICompatibleChatModel>[0]> = {}) =>
  new OpenAICompatibleChatModel({ allowNetwork: true, baseURL, apiKey: 'sk-test-123', model: 'stand-in-1', ...extra });

const weather = tool(async ({ city }: { city: string }) => `sunny in ${city}`, { name: 'get_weather', description: 'Weather.', schema: z.object({ city: z.string() }) });

describe('OpenAICompatibleChatModel', () => {
  it('is off unless the caller opts in and passes a key', () => {
    expect(() => new OpenAICompatibleChatModel({ baseURL, apiKey: 'k', model: 'm' } as never)).toThrow(/allowNetwork: true/);
    expect(() => new OpenAICompatibleChatModel({ allowNetwork: true, baseURL, apiKey: '', model: 'm' })).toThrow(/apiKey/);
  });

  it('sends the conversation and bound tools, and reads a completion with tool calls', async () => {
    answer = (res) =>
      json(res, 200, {
        id: 'cmpl-1',
        model: 'stand-in-1',
        choices: [{ finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }, { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{oops' } }] } }],
        usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
      });
    const conversation = [
      new SystemMessage('be brief'),
      new HumanMessage('weather in Oslo?'),
      new AIMessage({ content: '', tool_calls: [{ id: 'old', name: 'get_weather', args: { city: 'Rome' } }] }),
      new ToolMessage({ content: 'sunny in Rome', tool_call_id: 'old' }),
    ];
    const out = (await model({ temperature: 0 }).bindTools([weather], { tool_choice: 'get_weather' }).invoke(conversation)) as AIMessage;

    expect(seen).toHaveLength(1);
    const req = seen[0];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.body.model).toBe('stand-in-1');
    expect(req.body.temperature).toBe(0);
    expect(req.body.stream).toBeUndefined();
    expect(req.body.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'weather in Oslo?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'old', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
      { role: 'tool', content: 'sunny in Rome', tool_call_id: 'old' },
    ]);
    expect(req.body.tools.map((t: any) => t.function.name)).toEqual(['get_weather']);
    expect(req.body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });

    expect(out.id).toBe('cmpl-1');
    expect(out.tool_calls).toEqual([{ id: 'call_a', name: 'get_weather', args: { city: 'Oslo' }, type: 'tool_call' }]);
    expect(out.invalid_tool_calls?.map((c) => [c.id, c.args])).toEqual([['call_b', '{oops']]);
    expect(out.usage_metadata).toEqual({ input_tokens: 12, output_tokens: 3, total_tokens: 15 });
  });

  it("streams tokens into a graph's messages stream, and the state keeps the whole answer", async () => {
    // Streamed when a callback wants tokens (the messages stream), whole otherwise.
    answer = (res, body) => {
      if (!body.stream) {
        json(res, 200, { id: 'cmpl-3', choices: [{ message: { content: 'Hello there', tool_calls: [{ id: 'call_s', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lima"}' } }] } }] });
        return;
      }
      sse(res, [
        { id: 'cmpl-2', choices: [{ delta: { role: 'assistant', content: 'Hello' } }] },
        { id: 'cmpl-2', choices: [{ delta: { content: ' there' } }] },
        { id: 'cmpl-2', choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_s', function: { name: 'get_weather', arguments: '{"ci' } }] } }] },
        { id: 'cmpl-2', choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: 'ty":"Lima"}' } }] }, finish_reason: 'tool_calls' }] },
      ]);
    };
    const llm = model();
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (s, config) => ({ messages: [await llm.invoke(s.messages, config)] }))
      .addEdge(START, 'agent')
      .compile();
    const tokens: string[] = [];
    for await (const [message, meta] of await graph.stream({ messages: [new HumanMessage('hi')] }, { streamMode: 'messages' })) {
      expect(meta.langgraph_node).toBe('agent');
      tokens.push(String(message.content));
    }
    expect(tokens.filter(Boolean)).toEqual(['Hello', ' there']);
    const streamed = (await graph.stream({ messages: [new HumanMessage('again')] }, { streamMode: 'values' }));
    let last: AIMessage | undefined;
    for await (const values of streamed) last = values.messages.at(-1) as AIMessage;
    expect(seen.map((r) => r.body.stream ?? false)).toEqual([true, false]);
    expect(last?.constructor.name).toBe('AIMessage');
    expect(last?.content).toBe('Hello there');
    expect(last?.tool_calls).toEqual([{ id: 'call_s', name: 'get_weather', args: { city: 'Lima' }, type: 'tool_call' }]);
    // The streamed answer, folded into the state, has the same text and tool call.
    const tokensGraph = await graph.invoke({ messages: [new HumanMessage('once more')] }, { streamMode: 'values', callbacks: [{ lc_prefer_streaming: true, handleLLMNewToken() {} } as never] });
    const folded = tokensGraph.messages.at(-1) as AIMessage;
    expect(seen.at(-1)?.body.stream).toBe(true);
    expect(folded.constructor.name).toBe('AIMessage');
    expect(folded.content).toBe('Hello there');
    expect(folded.tool_calls).toEqual([{ id: 'call_s', name: 'get_weather', args: { city: 'Lima' }, type: 'tool_call' }]);
  });

  it("turns a provider's refusal into a ProviderRequestError with its message", async () => {
    answer = (res) => json(res, 401, { error: { message: 'Incorrect API key provided' } });
    const err = await model().invoke('hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect((err as ProviderRequestError).status).toBe(401);
    expect((err as Error).message).toBe('The provider answered 401: Incorrect API key provided');
  });

  it('cancels the request when the signal aborts', async () => {
    answer = () => {
      // never answers: only the abort can end the call
    };
    const controller = new AbortController();
    const pending = model().invoke('hi', { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });
});
