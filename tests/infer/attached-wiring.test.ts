/**
 * The wiring the sandbox extracts when it describes a graph (`wiringOf`, src/sandbox/graph-shape.ts),
 * from our engine's build of a graph, makes task inference exact on a thread the real LangGraph.js
 * 1.7.3 wrote with the same graph: next and tasks equal its `getStateHistory`, in its order.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Annotation, END, START, StateGraph } from '../../src/engine/index';
import { inferTasks } from '../../src/engine/infer/index';
import { bytesSource } from '../../src/formats/index';
import type { HostGraph } from '../../src/sandbox/engine-port';
import { wiringOf } from '../../src/sandbox/graph-shape';
import { errorThenResume } from '../../scripts/fixtures/js-graphs';
import { open } from '../formats/fixtures';

/** errorThenResume (scripts/fixtures/js-graphs.ts) built with our engine, as a user writes it in the editor. */
function ours() {
  const State = Annotation.Root({
    topic: Annotation<string>(),
    results: Annotation<string[]>({ reducer: (a: string[], b: string[] | string) => a.concat(b), default: () => [] }),
  });
  return new StateGraph(State)
    .addNode('plan', () => ({ results: ['plan'] }))
    .addNode('web', () => ({ results: ['web'] }))
    .addNode('docs', () => ({ results: ['docs'] }))
    .addNode('join', (s) => ({ results: [`joined ${s.results.length}`] }))
    .addEdge(START, 'plan').addEdge('plan', 'web').addEdge('plan', 'docs').addEdge(['web', 'docs'], 'join').addEdge('join', END)
    .compile();
}

describe('a graph attached to a foreign thread', () => {
  it('its extracted wiring gives LangGraph.js\'s own next and tasks, in its order, for every checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rg-attached-'));
    const db = new Database(join(dir, 't.sqlite'));
    try {
      const real = errorThenResume().compile({ checkpointer: new SqliteSaver(db) });
      const config = { configurable: { thread_id: 't' } };
      await real.invoke({ topic: 'x' }, config).catch(() => undefined);
      await real.invoke(null, config);
      db.pragma('wal_checkpoint(TRUNCATE)');
      const source = await open([bytesSource('t.sqlite', new Uint8Array(readFileSync(join(dir, 't.sqlite'))))]);
      const wiring = wiringOf(ours() as unknown as HostGraph)!;
      expect(wiring.channels.find((c) => c.name === 'join:web+docs:join')).toEqual({ name: 'join:web+docs:join', kind: 'barrier', waitsFor: ['web', 'docs'] });
      expect(wiring.channels.find((c) => c.name === 'results')).toEqual({ name: 'results', kind: 'reducer', default: [] });
      const history = [];
      for await (const s of real.getStateHistory(config)) history.push(s);
      let compared = 0;
      for await (const t of source.saver().list(config)) {
        const theirs = history[compared++]!;
        const step = inferTasks({ checkpoint: t.checkpoint, step: t.metadata?.step, pendingWrites: t.pendingWrites, wiring });
        expect(step.next).toEqual(theirs.next);
        expect(step.tasks.map((x) => [x.id, x.name, x.error === null ? null : (x.error as { message: string }).message])).toEqual(theirs.tasks.map((x) => [x.id, x.name, x.error === undefined ? null : (x.error as { message: string }).message]));
      }
      expect(compared).toBe(history.length);
      expect(history.some((s) => s.next.length > 1)).toBe(true);
      source.close();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
