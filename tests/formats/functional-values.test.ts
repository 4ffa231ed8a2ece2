/**
 * The values shown for a checkpoint (`userValues`) are what LangGraph.js's `getState().values`
 * shows, for a functional-API thread (`entrypoint` + `task`: its return value, stored in
 * `__end__`) and a StateGraph thread, on real runs of LangGraph.js 1.7.3 with its MemorySaver, and
 * a functional-API thread written by the real JS SQLite saver read back through `src/formats`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { Annotation, entrypoint, MemorySaver, MessageGraph, StateGraph, task } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../src/formats/index';
import { toJsonSafe } from '../../src/protocol/json-safe';
import { userValues } from '../../src/worker/dto-map';
import { open } from './fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('values as LangGraph shows them', () => {
  it('a functional-API thread shows the entrypoint’s return value', async () => {
    const checkpointer = new MemorySaver();
    const double = task('double', async (n: number) => n * 2);
    const plusOne = task('plusOne', async (n: number) => n + 1);
    const run = entrypoint({ name: 'calc', checkpointer }, async (n: number) => {
      const doubled = await double(n);
      const next = await plusOne(doubled);
      return { doubled, plusOne: next, approved: 'approved by Ada' };
    });
    const config = { configurable: { thread_id: 'f1' } };
    await run.invoke(21, config);
    const state = await run.getState(config);
    expect(state.values).toEqual({ doubled: 42, plusOne: 43, approved: 'approved by Ada' });
    const tuple = await checkpointer.getTuple(config);
    expect(userValues(tuple!.checkpoint.channel_values)).toEqual(state.values);
    // Every checkpoint of the thread, as LangGraph shows it.
    for await (const snapshot of run.getStateHistory(config)) {
      const t = await checkpointer.getTuple(snapshot.config);
      const shown = userValues(t!.checkpoint.channel_values);
      expect(shown).toEqual(snapshot.values ?? {});
    }
  });

  it('a StateGraph thread shows its state keys', async () => {
    const State = Annotation.Root({ count: Annotation<number>, note: Annotation<string> });
    const checkpointer = new MemorySaver();
    const graph = new StateGraph(State)
      .addNode('inc', (s) => ({ count: s.count + 1 }))
      .addNode('annotate', () => ({ note: 'done' }))
      .addEdge('__start__', 'inc')
      .addEdge('inc', 'annotate')
      .compile({ checkpointer });
    const config = { configurable: { thread_id: 's1' } };
    await graph.invoke({ count: 1 }, config);
    for await (const snapshot of graph.getStateHistory(config)) {
      const t = await checkpointer.getTuple(snapshot.config);
      expect(userValues(t!.checkpoint.channel_values)).toEqual(snapshot.values);
    }
  });

  it('a functional-API thread in a SQLite file, read through src/formats, shows what getState shows at every checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rg-functional-'));
    dirs.push(dir);
    const db = new Database(join(dir, 'fn.sqlite'));
    const checkpointer = new SqliteSaver(db);
    const double = task('double', async (n: number) => n * 2);
    const approve = task('approve', async (who: string) => `approved by ${who}`);
    const run = entrypoint({ name: 'flow', checkpointer }, async (n: number) => {
      const doubled = await double(n);
      return { doubled, plusOne: doubled + 1, approved: await approve('Ada') };
    });
    const config = { configurable: { thread_id: 'fn-1' } };
    await run.invoke(21, config);
    const history: { id: string; values: unknown }[] = [];
    for await (const snapshot of run.getStateHistory(config)) history.push({ id: snapshot.config.configurable!.checkpoint_id as string, values: snapshot.values ?? {} });
    db.close();
    expect(history[0]!.values).toEqual({ doubled: 42, plusOne: 43, approved: 'approved by Ada' });
    const source = await open([bytesSource('fn.sqlite', new Uint8Array(readFileSync(join(dir, 'fn.sqlite'))))]);
    for (const { id, values } of history) {
      const ours = await source.getCheckpoint('fn-1', '', id);
      expect(userValues(ours!.tuple.checkpoint.channel_values), id).toEqual(values);
    }
    source.close();
  });

  it('a MessageGraph thread (one __root__ channel) shows its message list, under the channel’s name', async () => {
    const checkpointer = new MemorySaver();
    const graph = new MessageGraph()
      .addNode('reply', () => new AIMessage({ content: 'hello', id: 'a1' }))
      .addEdge('__start__', 'reply')
      .addEdge('reply', '__end__')
      .compile({ checkpointer });
    const config = { configurable: { thread_id: 'm1' } };
    // MessageGraph's input is a message list; its declared input type does not say so.
    await graph.invoke([new HumanMessage({ content: 'hi', id: 'h1' })] as unknown as Parameters<typeof graph.invoke>[0], config);
    const state = await graph.getState(config);
    const tuple = await checkpointer.getTuple(config);
    expect((state.values as unknown[]).length).toBe(2);
    expect(userValues(tuple!.checkpoint.channel_values)).toEqual({ __root__: toJsonSafe(state.values) });
  });
});
