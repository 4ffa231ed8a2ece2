/**
 * A LangGraph.js program on @langchain/core's fake chat model, a prompt template, an output parser
 * and uuid, compiled as the editor compiles it, runs on the engine as it runs on LangGraph.js: the
 * same transpiled module evaluated once against the sandbox's module table and once against the
 * real packages gives the same state, checkpoint by checkpoint. So do state schemas written with
 * zod v4 and with its v3 API (`zod/v3`), reducers from `withLangGraph` included.
 */
import { readFileSync } from 'node:fs';
import * as realLangGraph from '@langchain/langgraph';
import * as realOutputParsers from '@langchain/core/output_parsers';
import * as realPrompts from '@langchain/core/prompts';
import * as realTesting from '@langchain/core/utils/testing';
import * as realZodEntry from '@langchain/langgraph/zod';
import * as realUuid from 'uuid';
import * as realZod from 'zod';
import * as realZodV3 from 'zod/v3';
import * as realZodV4 from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import { evaluateModule } from '../../src/sandbox/usercode/evaluate';
import { moduleTable } from '../../src/sandbox/usercode/modules';
import { transpileUserSource } from '../../src/sandbox/usercode/transpile';

const SOURCE = readFileSync(new URL('../fixtures/usercode/fake-model-chain.ts.txt', import.meta.url), 'utf8');

type Graph = {
  invoke(input: unknown, config: unknown): Promise<Record<string, unknown>>;
  getStateHistory(config: unknown): AsyncIterable<{ values: Record<string, unknown>; next: string[] }>;
};

async function history(graph: Graph, config: unknown) {
  const out: { values: Record<string, unknown>; next: string[] }[] = [];
  for await (const s of graph.getStateHistory(config)) out.push({ values: s.values, next: [...s.next] });
  return out;
}

/** The real packages, under the names a graph imports them by. */
const REAL_MODULES = {
  '@langchain/core/utils/testing': realTesting,
  '@langchain/core/prompts': realPrompts,
  '@langchain/core/output_parsers': realOutputParsers,
  '@langchain/langgraph/zod': realZodEntry,
  uuid: realUuid,
  zod: realZod,
  'zod/v3': realZodV3,
  'zod/v4': realZodV4,
};

/** The same module on LangGraph.js 1.7.3 and the real packages. */
async function runOnLangGraph(input: unknown, source = SOURCE) {
  const t = transpileUserSource(source, 'reference.ts');
  if (!t.ok) throw new Error(t.error.message);
  const exports = evaluateModule(t.code, 'reference.ts', moduleTable(realLangGraph as Record<string, unknown>, REAL_MODULES));
  const builder = exports.default as { compile(o: unknown): Graph };
  const graph = builder.compile({ checkpointer: new realLangGraph.MemorySaver() });
  const config = { configurable: { thread_id: 'ref' } };
  return { out: await graph.invoke(input, config), history: await history(graph, config) };
}

describe('@langchain/core prompts, output parsers, fake chat models and uuid in a user graph', () => {
  it('runs the prompt | fake model | parser chain and tags it with a uuid v5, as LangGraph.js does', async () => {
    const r = compileUserModule('user:fake-model-chain', SOURCE);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const graph = r.module.build(new MemorySaver()) as unknown as Graph;
    const config = { configurable: { thread_id: 'ours' } };
    const input = { topic: 'graphs' };
    const out = await graph.invoke(input, config);
    const reference = await runOnLangGraph(input);
    expect(out).toEqual(reference.out);
    expect(await history(graph, config)).toEqual(reference.history);
    expect(out.jokeId).toBe(realUuid.v5(String(out.joke), realUuid.v5.URL));
  });
});

describe('zod v3 and v4 state schemas', () => {
  const source = (zod: string) => `import { StateGraph, START } from "@langchain/langgraph";
import { withLangGraph } from "@langchain/langgraph/zod";
import { z } from "${zod}";
const State = z.object({
  items: withLangGraph(z.array(z.string()), { reducer: { fn: (a: string[], b: string[]) => a.concat(b), schema: z.array(z.string()) }, default: () => [] }),
  n: z.number().optional(),
});
export default new StateGraph(State)
  .addNode("a", (s) => ({ items: ["x"], n: s.items.length }))
  .addNode("b", () => ({ items: ["y"] }))
  .addEdge(START, "a")
  .addEdge("a", "b");
`;

  it.each(['zod', 'zod/v3', 'zod/v4'])('a state schema of %s with a withLangGraph reducer runs as on LangGraph.js', async (zod) => {
    const r = compileUserModule(`user:${zod.replace('/', '-')}`, source(zod));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const graph = r.module.build(new MemorySaver()) as unknown as Graph;
    const config = { configurable: { thread_id: 'z' } };
    const input = { items: ['i'] };
    const reference = await runOnLangGraph(input, source(zod));
    expect(await graph.invoke(input, config)).toEqual(reference.out);
    expect(await history(graph, config)).toEqual(reference.history);
  });
});
