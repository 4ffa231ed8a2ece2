/**
 * Task inference against LangGraph.js itself: threads written by the real LangGraph.js 1.7.3 with
 * its SqliteSaver are opened with our reader, and for every checkpoint of every namespace the
 * inferred `next` and tasks (ids, names, errors, interrupts) are compared with what LangGraph.js's
 * own `getStateHistory` says on the same file: equal with the graph's wiring attached, and equal
 * without it except where a task says what it could not be sure of.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferTasks, observeWiring, type GraphWiring, type InferredStep } from '../../src/engine/infer/index';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';
import { bytesSource, type CheckpointSource } from '../../src/formats/index';
import { open } from '../formats/fixtures';
import { SCENARIOS, type Written } from './scenarios';

interface RealTask { id: string; name: string; error?: unknown; interrupts: { id?: string; value: unknown }[] }
interface RealSnapshot { config: { configurable: { checkpoint_id: string } }; next: string[]; tasks: RealTask[] }

let dir: string;
let source: CheckpointSource;
const written: Written[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rg-infer-'));
  const path = join(dir, 'threads.sqlite');
  const db = new Database(path);
  const saver = new SqliteSaver(db);
  for (const scenario of Object.values(SCENARIOS)) written.push(await scenario(saver));
  db.pragma('wal_checkpoint(TRUNCATE)');
  source = await open([bytesSource('threads.sqlite', new Uint8Array(readFileSync(path)))]);
  // The graphs read the history again through the same saver: it stays open until the tests end.
  afterAll(() => db.close());
}, 60_000);
afterAll(() => {
  source?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** The compiled graph that owns a namespace (the root, or the subgraph its first level names). */
async function graphOfNs(graph: Written['graph'], ns: string): Promise<Written['graph']> {
  if (ns === '') return graph;
  const name = ns.split(':')[0]!;
  const subs = await collect((graph as unknown as { getSubgraphsAsync: () => AsyncIterable<[string, Written['graph']]> }).getSubgraphsAsync());
  return subs.find(([n]) => n === name)![1];
}

/** The wiring of a real compiled graph as data: nodes in order with their triggers, barrier channels. */
function wiringOf(graph: Written['graph']): GraphWiring {
  const channels = Object.entries(graph.channels).flatMap(([name, ch]) => {
    const names = (ch as { names?: Set<string> }).names;
    return names instanceof Set ? [{ name, kind: 'barrier' as const, waitsFor: [...names] }] : [];
  });
  return { nodes: Object.entries(graph.nodes).map(([name, n]) => ({ name, triggers: [...n.triggers] })), channels };
}

/** What a real task or an inferred one shows, for comparison. */
function shown(t: { id: string; name: string; error?: unknown; interrupts: { id?: string; value: unknown }[] }) {
  const error = t.error === undefined || t.error === null ? null : (t.error as { message?: unknown }).message ?? t.error;
  return { id: t.id, name: t.name, error, interrupts: t.interrupts.map((i) => ({ id: i.id, value: i.value })) };
}

interface Pair { threadId: string; ns: string; tuple: CheckpointTuple; real: RealSnapshot; inferred: InferredStep; declared: InferredStep }

async function pairs(w: Written): Promise<Pair[]> {
  const out: Pair[] = [];
  const namespaces = (await source.listNamespaces(w.threadId)).map((n) => n.checkpointNs);
  for (const ns of namespaces) {
    const config = { configurable: { thread_id: w.threadId, checkpoint_ns: ns } };
    const tuples = await collect(source.saver().list(config));
    const real = (await collect(w.graph.getStateHistory(config))) as RealSnapshot[];
    expect(real.map((s) => s.config.configurable.checkpoint_id)).toEqual(tuples.map((t) => t.checkpoint.id));
    const observed = observeWiring([...tuples].reverse().map((t) => t.checkpoint));
    const wiring = wiringOf(await graphOfNs(w.graph, ns));
    for (const [i, tuple] of tuples.entries()) {
      const input = { checkpoint: tuple.checkpoint, step: tuple.metadata?.step, checkpointNs: ns, pendingWrites: tuple.pendingWrites, namespaces };
      out.push({ threadId: w.threadId, ns, tuple, real: real[i]!, inferred: inferTasks({ ...input, observed }), declared: inferTasks({ ...input, wiring }) });
    }
  }
  return out;
}

const byNameAndId = (a: { name: string; id: string }, b: { name: string; id: string }) => (a.name + a.id < b.name + b.id ? -1 : 1);

describe('tasks inferred from checkpoints written by LangGraph.js 1.7.3, against its getStateHistory', () => {
  for (const name of Object.keys(SCENARIOS)) {
    it(`${name}: with the graph's wiring, next and tasks are LangGraph's`, async () => {
      const w = written.find((x) => x.threadId === name)!;
      const all = await pairs(w);
      expect(all.length).toBeGreaterThan(2);
      for (const p of all) {
        const where = `${p.ns || 'root'} step ${p.tuple.metadata?.step} ${p.tuple.checkpoint.id}`;
        expect(p.declared.next, where).toEqual(p.real.next);
        expect(p.declared.tasks.map(shown), where).toEqual(p.real.tasks.map(shown));
        expect(p.declared.tasks.every((t) => t.uncertain.length === 0)).toBe(true);
      }
    });

    it(`${name}: without the graph, the same except what is marked uncertain`, async () => {
      const w = written.find((x) => x.threadId === name)!;
      for (const p of await pairs(w)) {
        const where = `${p.ns || 'root'} step ${p.tuple.metadata?.step} ${p.tuple.checkpoint.id}`;
        expect([...p.inferred.next].sort(), where).toEqual([...p.real.next].sort());
        const ours = [...p.inferred.tasks].sort(byNameAndId);
        const theirs = [...p.real.tasks].sort(byNameAndId);
        expect(ours.map((t) => t.name), where).toEqual(theirs.map((t) => t.name));
        for (const [i, t] of ours.entries()) {
          if (t.uncertain.includes('id')) expect(shown({ ...t, id: '' }), where).toEqual(shown({ ...theirs[i]!, id: '' }));
          else expect(shown(t), where).toEqual(shown(theirs[i]!));
        }
        // Without the graph, triggers are always a guess from names and versions seen.
        expect(p.inferred.tasks.every((t) => t.kind === 'push' || t.uncertain.includes('triggers'))).toBe(true);
      }
    });
  }

  it('every stored pending write of a task LangGraph lists carries an id inference computes', async () => {
    let checked = 0;
    for (const w of written) {
      for (const p of await pairs(w)) {
        const realIds = new Set(p.real.tasks.map((t) => t.id));
        const ours = new Set(p.declared.tasks.map((t) => t.id));
        for (const [taskId] of p.tuple.pendingWrites ?? []) {
          if (!realIds.has(taskId)) continue;
          expect(ours.has(taskId)).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('an interrupted thread: its head names the waiting node, with the interrupt and its id', async () => {
    const all = await pairs(written.find((x) => x.threadId === 'interrupted')!);
    const head = all.find((p) => p.ns === '')!;
    expect(head.inferred.next).toEqual(['review']);
    expect(head.inferred.tasks[0]!.interrupts).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), value: { question: 'Ship it?' } }]);
    expect(head.inferred.tasks[0]!.idSeen).toBe(true);
  });
});

