/**
 * The graph observed in threads written by the real LangGraph.js 1.7.3: every edge it draws is one
 * LangGraph.js's own drawing of the graph has (`getGraph()`), and a run that took every edge of its
 * graph draws them all.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeGraph, type ObservedGraph } from '../../src/engine/infer/index';
import { bytesSource, type CheckpointSource } from '../../src/formats/index';
import { open } from '../formats/fixtures';
import { SCENARIOS, type Written } from './scenarios';

let dir: string;
let source: CheckpointSource;
const written = new Map<string, Written>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rg-observed-'));
  const path = join(dir, 'threads.sqlite');
  const db = new Database(path);
  const saver = new SqliteSaver(db);
  for (const scenario of Object.values(SCENARIOS)) {
    const w = await scenario(saver);
    written.set(w.threadId, w);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  source = await open([bytesSource('threads.sqlite', new Uint8Array(readFileSync(path)))]);
  db.close();
}, 60_000);
afterAll(() => {
  source?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The observed graph of a thread's namespace, its subgraphs' drawn inside. */
async function observed(threadId: string, ns = ''): Promise<ObservedGraph> {
  const namespaces = (await source.listNamespaces(threadId)).map((n) => n.checkpointNs);
  const checkpoints = [];
  for await (const t of source.saver().list({ configurable: { thread_id: threadId, checkpoint_ns: ns } })) {
    checkpoints.push({ checkpoint: t.checkpoint, parentId: t.parentConfig?.configurable?.checkpoint_id, step: t.metadata?.step, source: t.metadata?.source, pendingWrites: t.pendingWrites });
  }
  const subgraphs: Record<string, ObservedGraph> = {};
  for (const sub of namespaces.filter((n) => n !== ns && !n.slice(ns.length + 1).includes('|') && n.startsWith(ns))) subgraphs[sub.split(':')[0]!] = await observed(threadId, sub);
  return observeGraph({ checkpoints, checkpointNs: ns, namespaces, subgraphs });
}

/** LangGraph.js's drawing of a scenario's graph: its edges as `source>target`. */
async function declaredEdges(threadId: string): Promise<Set<string>> {
  const g = written.get(threadId)!.graph as unknown as { getGraphAsync: () => Promise<{ edges: { source: string; target: string }[] }> };
  return new Set((await g.getGraphAsync()).edges.map((e) => `${e.source}>${e.target}`));
}

const edgeSet = (g: ObservedGraph) => new Set(g.edges.map((e) => `${e.source}>${e.target}`));

describe('the graph observed in a run', () => {
  it('every observed edge is one LangGraph.js draws, for every StateGraph thread', async () => {
    for (const id of ['linear', 'conditional', 'fanout', 'error', 'interrupted', 'resumed', 'subgraph', 'barrier', 'two-interrupts']) {
      const declared = await declaredEdges(id);
      const seen = await observed(id);
      expect(seen.edges.length, id).toBeGreaterThan(0);
      // Where the run ended is drawn as it happened: an edge to the end after the last step's tasks.
      for (const e of edgeSet(seen)) if (!e.endsWith('>__end__')) expect(declared, `${id}: ${e}`).toContain(e);
    }
  });

  it('a run that took every edge draws exactly the declared edges, start first and end last', async () => {
    const g = await observed('linear');
    expect(edgeSet(g)).toEqual(await declaredEdges('linear'));
    expect(g.nodes.map((n) => n.id)).toEqual(['__start__', 'a', 'b', 'c', '__end__']);
    expect(g.edges.every((e) => !e.conditional)).toBe(true);
  });

  it('a router seen going two ways is drawn conditional; a Send fan-out is labelled', async () => {
    const cond = await observed('conditional');
    expect(cond.edges.filter((e) => e.source === 'decide').map((e) => [e.target, e.conditional]).sort()).toEqual([['left', true], ['right', true]]);
    const fan = await observed('fanout');
    expect(fan.edges.find((e) => e.source === 'plan' && e.target === 'work')).toEqual({ source: 'plan', target: 'work', conditional: true, label: 'Send' });
  });

  it('a subgraph node holds the graph observed in its namespace', async () => {
    const g = await observed('subgraph');
    const child = g.nodes.find((n) => n.id === 'child')!;
    expect(child.kind).toBe('subgraph');
    expect(child.subgraph!.nodes.map((n) => n.id)).toEqual(['__start__', 'inner_a', 'inner_b', '__end__']);
  });

  it('a functional-API thread starts at its entrypoint, which calls its tasks', async () => {
    const g = await observed('functional');
    expect(g.nodes.map((n) => n.id)).toEqual(['__start__', 'workflow', 'double', '__end__']);
    expect(edgeSet(g)).toEqual(new Set(['__start__>workflow', 'workflow>double', 'workflow>__end__']));
    expect(g.edges.find((e) => e.target === 'double')).toMatchObject({ label: 'call', conditional: true });
  });
});
