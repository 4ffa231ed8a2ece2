/**
 * The JS SQLite fixture (made by the real `@langchain/langgraph-checkpoint-sqlite` saver from
 * real LangGraph.js 1.7.3 runs), read two ways: by the real saver on `better-sqlite3`, and by our
 * reader on SQLite WASM with `toEngineValue` and `@langchain/core`'s message classes. Every
 * checkpoint of every thread and namespace must come out the same, and DeltaChannel values must
 * be those LangGraph.js itself rebuilds (`getStateHistory`).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as messages from '@langchain/core/messages';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaChat } from '../../scripts/fixtures/js-graphs';
import { engineValueMapper, isChatMessage, type CheckpointSource } from '../../src/formats/index';
import { FIXTURES, fixture, open } from './fixtures';
import { compareWithRealSaver } from './real-saver';

let dir: string;
let real: SqliteSaver;
let source: CheckpointSource;

beforeAll(async () => {
  // The real saver runs `setup()` (a WAL pragma, CREATE IF NOT EXISTS): it gets a copy.
  dir = mkdtempSync(join(tmpdir(), 'rg-js-'));
  copyFileSync(join(FIXTURES, 'js/runs.sqlite'), join(dir, 'runs.sqlite'));
  real = new SqliteSaver(new Database(join(dir, 'runs.sqlite')));
  source = await open([fixture('js/runs.sqlite')]);
});
afterAll(() => {
  source.close();
  real.db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('JS SQLite fixture, against the real JS saver', () => {
  it('lists the threads and namespaces the runs made', async () => {
    const threads = await source.listThreads();
    expect(threads.map((t) => t.threadId).sort()).toEqual(['chat', 'delta', 'error-resume', 'map-reduce', 'parallel-interrupts', 'parallel-interrupts-resumed', 'subgraph']);
    const namespaces = await source.listNamespaces('subgraph');
    expect(namespaces.map((n) => n.checkpointNs)).toEqual(['', expect.stringMatching(/^child:[0-9a-f-]{36}$/)]);
    for (const t of threads) {
      const rows = real.db.prepare('SELECT count(*) AS n FROM checkpoints WHERE thread_id = ?').get(t.threadId) as { n: number };
      expect(t.checkpointCount).toBe(rows.n);
    }
  });

  it('every checkpoint, its metadata, parent and pending writes are what the real saver reads', async () => {
    expect(await compareWithRealSaver(source, real)).toBe(36);
  });

  it('decoded values are plain JSON, with chat messages and Send packets in the engine encoding', async () => {
    const chat = await source.getCheckpoint('chat', '');
    expect(JSON.parse(JSON.stringify(chat))).toEqual(chat);
    const msgs = chat!.tuple.checkpoint.channel_values.messages as unknown[];
    expect(msgs.every(isChatMessage)).toBe(true);
    expect(msgs.map((m) => (m as { type: string }).type)).toEqual(['system', 'human', 'ai', 'tool', 'ai']);
    expect(msgs[2]).toMatchObject({ class: 'AIMessage', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }], usage_metadata: { total_tokens: 19 } });
    expect(msgs[3]).toMatchObject({ class: 'ToolMessage', tool_call_id: 'call_1', content: 'sunny' });
    const first = (await source.listCheckpoints('map-reduce', '', { limit: 10 })).at(-1)!;
    const writes = (await source.getCheckpoint('map-reduce', '', first.checkpointId))!.writes;
    expect(writes.filter((w) => w.channel === '__pregel_tasks').map((w) => w.value)).toEqual(['a', 'b', 'c'].map((item) => ({ lg_name: 'Send', node: 'worker', args: { item } })));
  });

  it('an error then a resume: the failed step keeps its __error__ write at idx -1 and the sibling write it saved', async () => {
    const history = await source.listCheckpoints('error-resume', '', { limit: 10 });
    expect(history.map((c) => `${c.metadata.source}:${c.metadata.step}`)).toEqual(['loop:2', 'loop:1', 'loop:0', 'input:-1']);
    const failedStep = (await source.getCheckpoint('error-resume', '', history[1]!.checkpointId))!;
    const errors = failedStep.writes.filter((w) => w.channel === '__error__');
    expect(errors.map((w) => [w.idx, w.value])).toEqual(expect.arrayContaining([[-1, { message: 'web search timed out', name: 'Error' }]]));
    expect(failedStep.writes.filter((w) => w.channel === 'results').map((w) => w.value).sort()).toEqual([['docs'], ['web']]);
  });

  it('parallel interrupts: two __interrupt__ writes at idx -3, answered by __resume__ writes at idx -4', async () => {
    const pending = (await source.getCheckpoint('parallel-interrupts', ''))!;
    const interrupts = pending.writes.filter((w) => w.channel === '__interrupt__');
    expect(interrupts.map((w) => w.idx)).toEqual([-3, -3]);
    expect(interrupts.map((w) => (w.value as { value: unknown }[])[0]!.value)).toEqual(expect.arrayContaining([{ question: 'Approve A?' }, { question: 'Approve B?' }]));
    const answered = (await source.listCheckpoints('parallel-interrupts-resumed', '', { limit: 10 }))[1]!;
    const resumes = (await source.getCheckpoint('parallel-interrupts-resumed', '', answered.checkpointId))!.writes.filter((w) => w.channel === '__resume__');
    expect(resumes.every((w) => w.idx === -4)).toBe(true);
    expect(resumes.map((w) => w.value).sort()).toEqual([['no'], ['no'], ['yes'], ['yes']]);
  });

  it('pages of a history: newest first, `before` continues, `limit` bounds', async () => {
    const all = await source.listCheckpoints('subgraph', '', { limit: 100 });
    const first = await source.listCheckpoints('subgraph', '', { limit: 2 });
    const next = await source.listCheckpoints('subgraph', '', { limit: 2, before: first[1]!.checkpointId });
    expect([...first, ...next].map((c) => c.checkpointId)).toEqual(all.slice(0, 4).map((c) => c.checkpointId));
    expect(all.map((c) => c.checkpointId)).toEqual([...all.map((c) => c.checkpointId)].sort().reverse());
    expect(all.map((c) => c.writeCount)).toEqual([0, 1, 5, 3, 2]);
  });
});

describe('DeltaChannel values rebuilt from writes', () => {
  it('match what LangGraph.js rebuilds at every checkpoint', async () => {
    const graph = deltaChat().compile({ checkpointer: real });
    let compared = 0;
    for await (const snapshot of graph.getStateHistory({ configurable: { thread_id: 'delta' } })) {
      const id = snapshot.config.configurable!.checkpoint_id as string;
      const ours = (await source.getCheckpoint('delta', '', id))!;
      const values = engineValueMapper({ messages });
      expect(values(ours.tuple.checkpoint.channel_values.messages ?? [])).toEqual((snapshot.values as { messages?: unknown[] }).messages ?? []);
      expect(ours.tuple.checkpoint.channel_values.log ?? []).toEqual((snapshot.values as { log?: string[] }).log ?? []);
      compared++;
    }
    expect(compared).toBe(9);
  });

  it('say how each value was obtained', async () => {
    const latest = (await source.getCheckpoint('delta', ''))!;
    expect(latest.deltas.messages).toEqual({ status: 'rebuilt', reducer: 'messages', writes: 6 });
    expect(latest.deltas.log).toMatchObject({ status: 'rebuilt', reducer: 'concat', writes: 1, seedCheckpointId: expect.any(String) });
    const history = await source.listCheckpoints('delta', '', { limit: 20 });
    const snapshotAt = (await Promise.all(history.map((c) => source.getCheckpoint('delta', '', c.checkpointId)))).find((c) => c!.deltas.log?.status === 'snapshot');
    expect(snapshotAt!.tuple.checkpoint.channel_values.log).toEqual(['bot 1', 'bot 2']);
  });
});
