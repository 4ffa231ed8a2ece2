/**
 * LangGraph.js's own examples (tests/fixtures/langgraphjs) compiled as the sandbox compiles editor
 * code: imports of `@langchain/langgraph`, `/prebuilt`, `@langchain/core/*` and `zod` resolve, the
 * graphs run on the engine, and imports that cannot resolve are reported at the exact line and
 * column of the name.
 */
import { readFileSync } from 'node:fs';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { Command, MemorySaver } from '../../src/engine/index';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import type { HostGraph } from '../../src/sandbox/engine-port';
import { transpileUserSource } from '../../src/sandbox/usercode/transpile';
import { toSourcePosition } from '../../src/sandbox/usercode/source-map';
import { positionOf } from './position-of';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/langgraphjs/${name}`, import.meta.url), 'utf8');
const QUICKSTART = fixture('quickstart-agent.ts.txt');
const HITL = fixture('human-in-the-loop.ts.txt');

function build(id: string, source: string): HostGraph {
  const r = compileUserModule(id, source);
  if (!r.ok) throw new Error(`did not compile: ${JSON.stringify(r.error)}`);
  return r.module.build(new MemorySaver());
}

const texts = (messages: BaseMessage[]) => messages.map((m) => `${m.getType()}:${typeof m.content === 'string' ? m.content : ''}`);

describe('LangGraph.js examples in the editor', () => {
  it('runs the quick-start agent (MessagesAnnotation, ToolNode, a tool-calling model)', async () => {
    const graph = build('user:quickstart', QUICKSTART);
    const config = { configurable: { thread_id: 'q1' } };
    const out = (await graph.invoke({ messages: [{ role: 'user', content: 'what is the weather in sf' }] }, config)) as { messages: BaseMessage[] };
    expect(texts(out.messages)).toEqual([
      'human:what is the weather in sf',
      'ai:',
      "tool:It's 60 degrees and foggy in San Francisco (searched: weather in sf).",
      "ai:It's 60 degrees and foggy in San Francisco.",
    ]);
    const [, call, result] = out.messages as [HumanMessage, AIMessage, ToolMessage];
    expect(call.tool_calls?.[0]).toMatchObject({ id: 'call_sf', name: 'tavily_search_results_json', args: { query: 'weather in sf' } });
    expect(result.tool_call_id).toBe('call_sf');
    expect(out.messages.every((m) => typeof m.id === 'string' && m.id.length > 0)).toBe(true);
  });

  it('runs the human-in-the-loop agent to its interrupt and resumes it with a Command', async () => {
    const graph = build('user:hitl', HITL);
    const config = { configurable: { thread_id: 'h1' } };
    await graph.invoke({ messages: 'book a stay at McKittrick hotel' }, config);
    const paused = await graph.getState(config);
    expect(paused.next).toEqual(['tools']);
    const interrupts = paused.tasks.flatMap((t) => t.interrupts ?? []) as { value: unknown }[];
    expect(interrupts.map((i) => i.value)).toEqual([
      "Trying to call `book_hotel` with args {'hotel_name': McKittrick Hotel}. Please approve or suggest edits.",
    ]);
    const out = (await graph.invoke(new Command({ resume: { type: 'accept' } }), config)) as { messages: BaseMessage[] };
    expect(texts(out.messages).slice(-2)).toEqual(['tool:Successfully booked a stay at McKittrick Hotel.', 'ai:Your stay at the McKittrick Hotel is booked.']);
  });

  it('reports a provider package at the name it imports, with its line and column', () => {
    const source = QUICKSTART.replace('import { ScriptedChatModel } from "replaygraph/models";', 'import { ChatOpenAI } from "@langchain/openai";')
      .replace('new ScriptedChatModel({', 'new ChatOpenAI({');
    const r = compileUserModule('user:openai', source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('import');
    expect(r.error.message).toMatch(/^`@langchain\/openai` \(imported for `ChatOpenAI`\) is not available in replaygraph: a provider's chat model calls its service/);
    expect(r.error.message).toContain('FakeListChatModel');
    // The list of what can be imported, one line per package.
    expect(r.error.message).toMatch(/\n- @langchain\/core: \/callbacks\/base, .*\/utils\/testing, \/vectorstores\n/);
    expect(r.error.message).toMatch(/\n- zod, and \/v3, \/v4, \/v4\/core$/);
    expect({ line: r.error.line, column: r.error.column }).toEqual(positionOf(source, 'ChatOpenAI'));
  });

  it('reports a name @langchain/langgraph exports but replaygraph does not, at that name', () => {
    const source = QUICKSTART.replace('import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";', 'import {\n  StateGraph,\n  MessagesAnnotation,\n  MessageGraph,\n} from "@langchain/langgraph";')
      .replace('export default app;', 'export default app;\nexport const legacy = new MessageGraph();');
    const r = compileUserModule('user:missing', source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({
      kind: 'import',
      message: '`MessageGraph` is not exported by `@langchain/langgraph` in replaygraph: it is deprecated in LangGraph.js: use `StateGraph` with `MessagesAnnotation`.',
      ...positionOf(source, 'MessageGraph'),
    });
  });

  it('accepts names imported only as types, and type-only imports of any module', () => {
    const source = `import type { ChatOpenAI } from "@langchain/openai";\nimport { StateGraph, MessagesAnnotation, type LangGraphRunnableConfig } from "@langchain/langgraph";\n` +
      `import { NoSuchType } from "@langchain/langgraph";\nlet m: ChatOpenAI | NoSuchType | LangGraphRunnableConfig | null = null;\n` +
      `export default new StateGraph(MessagesAnnotation).addNode("a", () => ({ messages: [] })).addEdge("__start__", "a");\n`;
    const r = compileUserModule('user:types', source);
    expect(r.ok ? 'ok' : r.error).toBe('ok');
  });

  it('maps a position in code the transpiler added to the first line back inside that line', () => {
    const first = 'import { StateGraph, MessagesAnnotation } from "@langchain/langgraph"; //';
    const source = `${first}\nexport default new StateGraph(MessagesAnnotation);\n`;
    const t = transpileUserSource(source, 'first-line.ts');
    if (!t.ok) throw new Error('did not transpile');
    const generated = t.code.split('\n')[0]!;
    const requireAt = generated.indexOf('require(') + 1;
    expect(requireAt).toBeGreaterThan(first.length); // the transpiler's code lies past the user's line
    const pos = toSourcePosition(t.map, 1, requireAt, source.split('\n'));
    expect(pos.line).toBe(1);
    expect(pos.column).toBeLessThanOrEqual(first.length);
  });

  it('resolves @langchain/langgraph/stream: a graph converts its v3 stream events with convertToProtocolEvent', async () => {
    const source = `import { StateGraph, Annotation, START } from "@langchain/langgraph";\n` +
      `import { STREAM_EVENTS_V3_MODES, isSupportedChannel } from "@langchain/langgraph/stream";\n` +
      `const S = Annotation.Root({ modes: Annotation<string[]>(), ok: Annotation<boolean>() });\n` +
      `export default new StateGraph(S).addNode("a", () => ({ modes: [...STREAM_EVENTS_V3_MODES], ok: isSupportedChannel("values") })).addEdge(START, "a");\n`;
    const out = (await build('user:stream', source).invoke({}, { configurable: { thread_id: 's1' } })) as { modes: string[]; ok: boolean };
    const real = await import('@langchain/langgraph/stream');
    expect(out.modes).toEqual([...real.STREAM_EVENTS_V3_MODES]);
    expect(out.ok).toBe(real.isSupportedChannel('values'));
  });
});
