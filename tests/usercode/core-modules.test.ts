/**
 * A LangGraph.js program on @langchain/core's fake chat model, a prompt template, an output parser
 * and uuid, compiled as the editor compiles it, runs on the engine as it runs on LangGraph.js: the
 * same transpiled module evaluated once against the sandbox's module table and once against the
 * real packages gives the same state, checkpoint by checkpoint.
 */
import { readFileSync } from 'node:fs';
import * as realLangGraph from '@langchain/langgraph';
import * as realOutputParsers from '@langchain/core/output_parsers';
import * as realPrompts from '@langchain/core/prompts';
import * as realTesting from '@langchain/core/utils/testing';
import * as realUuid from 'uuid';
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

/** The same module on LangGraph.js 1.7.3 and the real packages. */
async function runOnLangGraph(input: unknown) {
  const t = transpileUserSource(SOURCE, 'reference.ts');
  if (!t.ok) throw new Error(t.error.message);
  const table = moduleTable(realLangGraph as Record<string, unknown>, {
    '@langchain/core/utils/testing': realTesting,
    '@langchain/core/prompts': realPrompts,
    '@langchain/core/output_parsers': realOutputParsers,
    uuid: realUuid,
  });
  const exports = evaluateModule(t.code, 'reference.ts', table);
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
