/**
 * Checkpoint files a LangGraph app wrote, over the protocol: opened read-only, their threads read
 * with the usual requests, every write refused, a bad file refused without changing anything, and
 * "continue here" forking a JS thread into a native one that our engine runs on.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { errorThenResume, parallelInterrupts } from '../../scripts/fixtures/js-graphs';
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/worker-client';
import { bytesSource, openCheckpointSource, type FileLike } from '../../src/formats/index';
import type { FilesOpener } from '../../src/worker/files/registry';
import { connect, STORES } from './harness';

const FIXTURES = new URL('../fixtures/checkpoints/', import.meta.url);
const fixture = (path: string, name = path.split('/').at(-1)!) => new File([readFileSync(new URL(path, FIXTURES))], name);

/** Node has no FileReaderSync: the test opener reads each File's bytes (the browser reads slices). */
const nodeOpener: FilesOpener = async (files: readonly FileLike[]) => {
  const sources = await Promise.all(files.map(async (f) => bytesSource(f.name, new Uint8Array(await (f.slice(0, f.size) as unknown as Blob).arrayBuffer()))));
  return { result: await openCheckpointSource(sources), stats: { reads: 0, bytes: 0 } };
};

/** The thread's graph, as a user writes it in the editor (no failure this time). */
const ERROR_RESUME_GRAPH = `import { Annotation, END, START, StateGraph } from 'replaygraph';
const concat = (a: string[], b: string[] | string) => a.concat(b);
const State = Annotation.Root({
  topic: Annotation<string>(),
  results: Annotation<string[]>({ reducer: concat, default: () => [] }),
});
export default new StateGraph(State)
  .addNode('plan', () => ({ results: ['plan'] }))
  .addNode('web', () => ({ results: ['web'] }))
  .addNode('docs', () => ({ results: ['docs'] }))
  .addNode('join', (s) => ({ results: ['joined ' + s.results.length] }))
  .addEdge(START, 'plan')
  .addEdge('plan', 'web')
  .addEdge('plan', 'docs')
  .addEdge(['web', 'docs'], 'join')
  .addEdge('join', END);
`;

/** The chat thread's graph: the agent reads the last message as a LangChain message (\`getType\`). */
const CHAT_GRAPH = `import { END, MessagesAnnotation, START, StateGraph } from 'replaygraph';
export default new StateGraph(MessagesAnnotation)
  .addNode('agent', (s) => {
    const last = s.messages[s.messages.length - 1];
    if (typeof last?.getType !== 'function') throw new Error('the state holds no LangChain message');
    if (last.getType() === 'tool') return { messages: [{ role: 'assistant', content: 'It is ' + String(last.content) + ' in Paris.', id: 'ai-2' }] };
    return { messages: [{ role: 'assistant', content: 'no tool answer yet', id: 'ai-x' }] };
  })
  .addNode('tools', () => ({ messages: [] }))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', (s) => (s.messages[s.messages.length - 1].tool_calls?.length ? 'tools' : END), ['tools', END])
  .addEdge('tools', 'agent');
`;

const open = (client: ReturnType<typeof connect>['client'], files: File[]) => client.request('rg/files.open', { files });

describe.each(STORES)('checkpoint files over the protocol (%s)', (_name, makeStore) => {
  it('lists a JS SQLite file\'s threads beside the native ones, read-only, and reads them with the usual requests', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const { file, problem } = await open(client, [fixture('js/runs.sqlite')]);
    expect(problem).toBeNull();
    expect(file!.format).toBe('sqlite');
    expect(file!.threads.map((t) => t.originalId).sort()).toEqual(['chat', 'delta', 'error-resume', 'map-reduce', 'parallel-interrupts', 'parallel-interrupts-resumed', 'subgraph']);
    expect(new Set(file!.threads.map((t) => t.language))).toEqual(new Set(['js']));
    const pi = file!.threads.find((t) => t.originalId === 'parallel-interrupts')!;
    expect(pi.status).toBe('interrupted');

    const listed = await client.listThreads();
    const row = listed.find((t) => t.threadId === pi.threadId)!;
    expect(row).toMatchObject({ readOnly: true, status: 'interrupted', file: { originalId: 'parallel-interrupts', language: 'js' } });

    const chat = file!.threads.find((t) => t.originalId === 'chat')!;
    const page = await client.historyPage({ threadId: chat.threadId, limit: 50 });
    expect(page.items.map((c) => `${c.source}:${c.step}`)).toEqual(['loop:3', 'loop:2', 'loop:1', 'loop:0', 'input:-1']);
    const detail = await client.getCheckpoint({ threadId: chat.threadId, checkpointId: page.items[0]!.checkpointId });
    const messages = detail.values.messages as { $type: string; type: string }[];
    expect(messages.map((m) => m.type)).toEqual(['system', 'human', 'ai', 'tool', 'ai']);

    const head = await client.getCheckpoint({ threadId: pi.threadId, checkpointId: pi.latestCheckpointId });
    expect(head.pendingWrites.filter((w) => w.channel === '__interrupt__')).toHaveLength(2);
    // Dispositions from the write ledger: the file has no trace, only checkpoint data.
    expect(head.pendingWrites.map((w) => w.disposition)).toEqual([{ kind: 'pending' }, { kind: 'pending' }]);
    expect(head.pendingWrites.every((w) => typeof w.reason === 'string' && w.reason.length > 0)).toBe(true);
    const er = file!.threads.find((t) => t.originalId === 'error-resume')!;
    const failed = (await client.historyPage({ threadId: er.threadId, limit: 10 })).items.find((c) => c.step === 1)!;
    const writes = (await client.getCheckpoint({ threadId: er.threadId, checkpointId: failed.checkpointId })).pendingWrites;
    // The step completed (a loop child): outputs applied; each __error__ was superseded by its task's later outputs.
    for (const w of writes) {
      if (w.channel === '__error__') expect(w).toMatchObject({ disposition: { kind: 'superseded' }, reason: expect.stringContaining('ran again') });
      else expect(w).toMatchObject({ disposition: { kind: 'applied' }, dispositionAlternatives: ['reapplied'] });
    }
    expect(writes.map((w) => w.channel).sort()).toEqual(['__error__', '__error__', 'join:web+docs:join', 'results', 'results']);

    const sg = file!.threads.find((t) => t.originalId === 'subgraph')!;
    const ns = await client.listNamespaces(sg.threadId);
    expect(ns.children.map((c) => c.name)).toEqual(['child']);
    expect(ns.children[0]!.checkpoints).toBeGreaterThan(0);
    expect(await client.listRuns(sg.threadId)).toEqual([]);
  });

  it('shows next nodes, tasks and interrupts of a file\'s checkpoints as LangGraph.js\'s getStateHistory lists them', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const { file } = await open(client, [fixture('js/runs.sqlite')]);
    const dir = mkdtempSync(join(tmpdir(), 'rg-files-next-'));
    copyFileSync(fileURLToPath(new URL('js/runs.sqlite', FIXTURES)), join(dir, 'runs.sqlite'));
    const db = new Database(join(dir, 'runs.sqlite'));
    try {
      const graph = parallelInterrupts().compile({ checkpointer: new SqliteSaver(db) });
      for (const original of ['parallel-interrupts', 'parallel-interrupts-resumed']) {
        const t = file!.threads.find((x) => x.originalId === original)!;
        const page = await client.historyPage({ threadId: t.threadId, limit: 50 });
        const real = [];
        for await (const s of graph.getStateHistory({ configurable: { thread_id: original } })) real.push(s);
        expect(page.items.map((c) => c.checkpointId)).toEqual(real.map((s) => s.config.configurable?.checkpoint_id));
        for (const [i, row] of page.items.entries()) {
          const theirs = real[i]!;
          expect([...row.next].sort()).toEqual([...theirs.next].sort());
          const detail = await client.getCheckpoint({ threadId: t.threadId, checkpointId: row.checkpointId });
          const shown = (tasks: readonly { id: string; name: string; interrupts: readonly { id?: string; value?: unknown }[] }[]) =>
            tasks.map((x) => ({ id: x.id, name: x.name, interrupts: x.interrupts.map((n) => ({ id: n.id, value: n.value })) })).sort((a, b) => (a.name < b.name ? -1 : 1));
          expect(shown(detail.tasks)).toEqual(shown(theirs.tasks));
          // Read without the graph: the trigger channels are a guess from the data.
          expect(detail.tasks.every((x) => x.uncertain?.includes('triggers'))).toBe(true);
        }
      }
      const waiting = file!.threads.find((x) => x.originalId === 'parallel-interrupts')!;
      const head = await client.getCheckpoint({ threadId: waiting.threadId, checkpointId: waiting.latestCheckpointId });
      expect(head.summary.next.sort()).toEqual(['ask_a', 'ask_b']);
      expect(head.tasks.map((x) => x.interrupts[0]?.value).sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)).toEqual([{ question: 'Approve A?' }, { question: 'Approve B?' }]);
      expect(head.tasks[0]!.triggers).toEqual([{ channel: expect.stringMatching(/^branch:to:ask_/), version: expect.any(Number), seen: null }]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('attaches the graph its metadata names (graph_id): LangGraph.js\'s exact tasks; no graph puts the inferred ones back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rg-files-attach-'));
    const db = new Database(join(dir, 'app.sqlite'));
    try {
      // A LangGraph server records the graph's id in each checkpoint's metadata (LangGraph.js alone does not).
      class ServerSaver extends SqliteSaver {
        override put(...[config, checkpoint, metadata]: Parameters<SqliteSaver['put']>) {
          return super.put(config, checkpoint, { ...metadata, graph_id: 'error-resume' } as typeof metadata);
        }
      }
      const app = errorThenResume().compile({ checkpointer: new ServerSaver(db) });
      const config = { configurable: { thread_id: 'served' } };
      await app.invoke({ topic: 't' }, config).catch(() => undefined);
      await app.invoke(null, config);
      db.pragma('wal_checkpoint(TRUNCATE)');
      const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
      expect((await client.compileGraph({ graphId: 'user:error-resume', source: ERROR_RESUME_GRAPH })).error).toBeNull();
      const { file } = await open(client, [new File([readFileSync(join(dir, 'app.sqlite'))], 'app.sqlite')]);
      const t = file!.threads.find((x) => x.originalId === 'served')!;
      const failedStep = async () => {
        const row = (await client.historyPage({ threadId: t.threadId, limit: 10 })).items.find((c) => c.step === 1)!;
        return client.getCheckpoint({ threadId: t.threadId, checkpointId: row.checkpointId });
      };
      expect((await failedStep()).tasks.every((x) => x.uncertain?.includes('triggers'))).toBe(true);

      const drawn = await client.request('rg/files.graph', { threadId: t.threadId });
      expect(drawn.attachedGraphId).toBe('user:error-resume');
      expect(drawn.shape.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['plan', 'web', 'docs']));
      expect((await client.listThreads()).find((x) => x.threadId === t.threadId)).toMatchObject({ graphId: 'user:error-resume', readOnly: true });
      // With the graph: LangGraph.js's own tasks, in its order, nothing uncertain.
      const real = [];
      for await (const s of app.getStateHistory({ configurable: { thread_id: 'served' } })) real.push(s);
      const theirs = real.find((s) => s.metadata?.step === 1)!;
      const attached = await failedStep();
      expect(attached.tasks.map((x) => [x.id, x.name, x.error?.message ?? null])).toEqual(theirs.tasks.map((x) => [x.id, x.name, (x.error as { message?: string } | undefined)?.message ?? null]));
      expect(attached.tasks.some((x) => x.uncertain !== undefined)).toBe(false);

      await client.request('rg/files.attach', { threadId: t.threadId, graphId: null });
      expect((await client.listThreads()).find((x) => x.threadId === t.threadId)?.graphId).toBeNull();
      expect((await failedStep()).tasks.every((x) => x.uncertain?.includes('triggers'))).toBe(true);
      await expect(client.request('rg/files.attach', { threadId: t.threadId, graphId: 'user:nope' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses every write to a file thread with READ_ONLY, and forgets a closed file', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const { file } = await open(client, [fixture('python/runs.sqlite', 'checkpoints.sqlite')]);
    const t = file!.threads.find((x) => x.originalId === 'error-resume')!;
    expect(t.language).toBe('python');
    await expect(client.continueRun({ threadId: t.threadId })).rejects.toMatchObject({ data: { code: 'READ_ONLY' } });
    await expect(client.deleteThread(t.threadId)).rejects.toMatchObject({ data: { code: 'READ_ONLY', message: expect.stringContaining('Close the file') } });
    await expect(client.request('rg/files.continue', { threadId: t.threadId, checkpointId: t.latestCheckpointId, graphId: 'user:x' }))
      .rejects.toMatchObject({ data: { code: 'READ_ONLY', message: expect.stringContaining('Python') } });
    expect((await client.historyPage({ threadId: t.threadId, limit: 10 })).items.length).toBe(t.checkpoints);

    await client.request('rg/files.close', { fileId: file!.fileId });
    expect((await client.listThreads()).some((x) => x.threadId === t.threadId)).toBe(false);
    const err = await client.historyPage({ threadId: t.threadId, limit: 10 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect((err as ClientError).data).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('open the file again') });
  });

  it('refuses a bad file as data and changes nothing', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const before = await client.listThreads();
    const text = await open(client, [new File(['just some notes'], 'notes.txt')]);
    expect(text).toMatchObject({ file: null, problem: { code: 'FORMAT_UNRECOGNIZED' } });
    const db = readFileSync(new URL('js/runs.sqlite', FIXTURES));
    const cut = await open(client, [new File([db.subarray(0, 50)], 'cut.sqlite')]);
    expect(cut.problem?.code).toBe('FORMAT_TRUNCATED');
    expect((await client.request('rg/files.list', {})).files).toEqual([]);
    expect(await client.listThreads()).toEqual(before);
  });

  it('continue here: forks a JS thread at its failed step into a native thread and runs it to the end', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const { file } = await open(client, [fixture('js/runs.sqlite')]);
    const t = file!.threads.find((x) => x.originalId === 'error-resume')!;
    const failed = (await client.historyPage({ threadId: t.threadId, limit: 10 })).items.find((c) => c.step === 1)!;
    expect(failed.hasError).toBe(true);
    expect((await client.compileGraph({ graphId: 'user:error-resume', source: ERROR_RESUME_GRAPH })).error).toBeNull();

    const r = await client.request('rg/files.continue', { threadId: t.threadId, checkpointId: failed.checkpointId, graphId: 'user:error-resume' });
    expect(r.checkpoints).toBe(3);
    const ended = await client.waitForRun(r.runId);
    expect(ended).toMatchObject({ outcome: 'done' });
    // Our engine, re-applying the writes the app saved at its failed step, ends where the app's own resume did.
    const theirs = await client.getCheckpoint({ threadId: t.threadId, checkpointId: t.latestCheckpointId });
    expect((ended.result as { results: string[] }).results).toEqual(theirs.values.results);
    expect(theirs.values.results).toEqual(['plan', 'docs', 'web']);

    const native = (await client.listThreads()).find((x) => x.threadId === r.threadId)!;
    expect(native).toMatchObject({ graphId: 'user:error-resume' });
    expect(native.readOnly).toBeUndefined();
    const history = await client.historyPage({ threadId: r.threadId, limit: 10 });
    expect(history.items.map((c) => c.step)).toEqual([2, 1, 0, -1]);
    const head = await client.getCheckpoint({ threadId: r.threadId, checkpointId: history.items[0]!.checkpointId });
    expect(head.values).toEqual(theirs.values);
    expect(history.items.find((c) => c.checkpointId === failed.checkpointId)).toBeDefined();
    // The file's thread is untouched.
    expect((await client.historyPage({ threadId: t.threadId, limit: 10 })).items).toHaveLength(t.checkpoints);
  });

  it('continue here: the engine sees the file\'s messages as LangChain messages', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [], { openFiles: nodeOpener });
    const { file } = await open(client, [fixture('js/runs.sqlite')]);
    const t = file!.threads.find((x) => x.originalId === 'chat')!;
    const afterTools = (await client.historyPage({ threadId: t.threadId, limit: 10 })).items.find((c) => c.step === 2)!;
    expect((await client.compileGraph({ graphId: 'user:chat', source: CHAT_GRAPH })).error).toBeNull();
    const r = await client.request('rg/files.continue', { threadId: t.threadId, checkpointId: afterTools.checkpointId, graphId: 'user:chat' });
    const ended = await client.waitForRun(r.runId);
    expect(ended).toMatchObject({ outcome: 'done', error: null });
    const theirs = await client.getCheckpoint({ threadId: t.threadId, checkpointId: t.latestCheckpointId });
    const contents = (v: unknown) => (v as { content: unknown }[]).map((m) => m.content);
    expect(contents((ended.result as { messages: unknown }).messages)).toEqual(contents(theirs.values.messages));
  });
});
