/**
 * Hostile cases, committed history is append-only: graph code that gets hold of its run's
 * checkpointer (a compiled graph's `checkpointer`, the proxy the sandbox gave it) and calls it
 * with whatever it likes, on its own thread. The storage side refuses a put over a stored
 * checkpoint, a put whose parent is not the checkpoint the run is at, ids and namespaces the
 * engine never makes, and writes for a checkpoint other than the current one: the run ends with
 * HISTORY_REWRITE and the thread's stored records are byte-identical (checked again after a
 * reload). A module that wraps the port prototypes at load sees no session port at all.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectUntouched, openApp, uid, victims } from './hostile-helpers';

/**
 * A user graph that exports its compiled graph, so its node can reach `graph.checkpointer` (what
 * the sandbox sets to the run's proxy). The node runs `body` only when the input's `arg.attack` is
 * set, so a first run makes ordinary history to attack.
 */
function historyGraph(body: string, extra = ''): string {
  return [
    "import { Annotation, END, START, StateGraph } from 'replaygraph';",
    extra,
    'const State = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }), arg: Annotation<unknown>() });',
    'const graph: any = new StateGraph(State)',
    "  .addNode('attack', async (s) => {",
    '    const log: string[] = [];',
    '    const note = (m: string) => { log.push(m); };',
    '    const arg = s.arg as any;',
    '    const saver = graph.checkpointer;',
    "    if (arg?.attack) {",
    '      const all: any[] = [];',
    '      for await (const t of saver.list({ configurable: { thread_id: arg.thread } })) all.push(t);',
    '      const first = all[all.length - 1];',
    '      const head = all[0];',
    `      ${body}`,
    '      await new Promise((r) => setTimeout(r, 300));',
    '    }',
    "    note('node ran');",
    '    return { log };',
    '  })',
    "  .addEdge(START, 'attack')",
    "  .addEdge('attack', END)",
    '  .compile();',
    'export default graph;',
  ].join('\n');
}

/** Checkpoint and writes records of `threadId` (key order, JSON), hashed: only those of `ids` when given. */
async function readRecords(args: { threadId: string; ids: string[] | null }): Promise<{ ids: string[]; hash: string; count: number }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open('replaygraph');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const range = IDBKeyRange.bound([args.threadId], [args.threadId, []]);
  const all = async (store: string) => new Promise<any[]>((resolve, reject) => {
    const req = db.transaction(store).objectStore(store).getAll(range);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const keep = (r: any) => args.ids === null || args.ids.includes(r.checkpoint_id);
  const checkpoints = (await all('checkpoints')).filter(keep);
  const writes = (await all('writes')).filter(keep);
  db.close();
  const text = JSON.stringify([checkpoints, writes]);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return { ids: checkpoints.map((c) => c.checkpoint_id), count: checkpoints.length, hash: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('') };
}

/** Every (namespace, id) stored for `threadId`. */
async function storedKeys(threadId: string): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open('replaygraph');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const req = db.transaction('checkpoints').objectStore('checkpoints').getAllKeys(IDBKeyRange.bound([threadId], [threadId, []]));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return keys.map((k) => `${(k as string[])[1]}/${(k as string[])[2]}`);
}

interface Attack {
  threadId: string;
  before: { ids: string[]; hash: string; count: number };
  ended: { outcome: string; error: { code: string; message: string } | null; result: unknown };
}

/** Saves `source`, makes history on a new thread with one ordinary run, then runs the attack on that thread. */
async function attackOwnHistory(page: Page, source: string, extra: Record<string, unknown> = {}): Promise<Attack> {
  const graphId = uid('history');
  const threadId = `history-${Date.now().toString(36)}`;
  await page.evaluate(async ({ graphId, source, threadId }) => {
    const c = window.__replaygraph!;
    const saved = await c.saveGraph({ graphId, source });
    if (!saved.graph) throw new Error(`did not compile: ${JSON.stringify(saved.error)}`);
    const end = await c.waitForRun((await c.startRun({ threadId, graphId, input: { arg: null, log: [] } })).runId);
    if (end.outcome !== 'done') throw new Error(`the first run ended ${end.outcome}: ${JSON.stringify(end.error)}`);
  }, { graphId, source, threadId });
  const before = await page.evaluate(readRecords, { threadId, ids: null });
  const input = JSON.stringify({ arg: { attack: true, thread: threadId, ...extra }, log: [] });
  const ended = await page.evaluate(async ({ graphId, threadId, input }) => {
    const c = window.__replaygraph!;
    return c.waitForRun((await c.startRun({ threadId, graphId, input: JSON.parse(input) })).runId) as never;
  }, { graphId, threadId, input });
  return { threadId, before, ended };
}

/** The run was stopped by the storage side's append-only rule, with the catalogue's words. */
function expectRefused(a: Attack, why: RegExp): void {
  expect(a.ended.outcome).toBe('error');
  expect(a.ended.error?.code).toBe('HISTORY_REWRITE');
  expect(a.ended.error?.message).toMatch(/saved history is never rewritten/);
  expect(a.ended.error?.message).toMatch(why);
}

/** The records of the checkpoints stored before the attack are byte-identical, now and after a reload. */
async function expectHistoryIntact(page: Page, a: Attack): Promise<void> {
  expect(await page.evaluate(readRecords, { threadId: a.threadId, ids: a.before.ids })).toEqual(a.before);
  await page.reload();
  await openApp(page);
  expect(await page.evaluate(readRecords, { threadId: a.threadId, ids: a.before.ids })).toEqual(a.before);
  const first = a.before.ids[0]!;
  const detail = await page.evaluate(({ threadId, checkpointId }) => window.__replaygraph!.getCheckpoint({ threadId, checkpointId }), { threadId: a.threadId, checkpointId: first });
  expect(detail.metadata.step).toBe(-1);
  expect(detail.values.log ?? []).toEqual([]);
}

test.describe('hostile: committed history is append-only', () => {
  // Each case makes two runs of a user graph (and victims), then reloads: on two busy cores that passes 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('a put over an existing committed checkpoint id is refused; the thread is byte-identical, also after a reload', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const a = await attackOwnHistory(page, historyGraph(`
      await saver.put({ configurable: { thread_id: arg.thread, checkpoint_ns: '', checkpoint_id: head.checkpoint.id } },
        { ...first.checkpoint, channel_values: { log: ['rewritten'] }, channel_versions: { ...first.checkpoint.channel_versions, log: 999 } },
        { source: 'loop', step: 777, parents: {} }, { log: 999 });`));
    expectRefused(a, /already saved/);
    await expectHistoryIntact(page, a);
    await expectUntouched(page, v.before);
  });

  test('a put whose parent is not the checkpoint the run is at (a branch grafted onto the first checkpoint) is refused', async ({ page }) => {
    await openApp(page);
    const forged = '1f0d3c00-0000-6000-8000-00000000abcd';
    const a = await attackOwnHistory(page, historyGraph(`
      await saver.put({ configurable: { thread_id: arg.thread, checkpoint_ns: '', checkpoint_id: first.checkpoint.id } },
        { ...head.checkpoint, id: arg.forged, channel_values: { log: ['grafted'] } }, { source: 'loop', step: 5, parents: {} }, {});`), { forged });
    expectRefused(a, /parent/);
    expect((await page.evaluate(storedKeys, a.threadId)).some((k) => k.endsWith(forged))).toBe(false);
    await expectHistoryIntact(page, a);
  });

  for (const [what, id, ns] of [
    ['markup in the checkpoint id', 'zzzzzzzz-<img src=x onerror=alert(1)>', ''],
    ['markup in the namespace', '1f0d3c00-0000-6000-8000-00000000beef', 'x<b>ns</b>'],
    ['a namespace that is no node:task path', '1f0d3c00-0000-6000-8000-00000000cafe', 'node:not-a-task-id'],
  ] as const) {
    test(`a put with ${what} is refused and nothing of it is stored`, async ({ page }) => {
      await openApp(page);
      const a = await attackOwnHistory(page, historyGraph(`
        await saver.put({ configurable: { thread_id: arg.thread, checkpoint_ns: arg.ns } },
          { ...head.checkpoint, id: arg.id, channel_values: { log: ['odd'] } }, { source: 'loop', step: 5, parents: {} }, {});`), { id, ns });
      expectRefused(a, /checkpoint id|namespace/);
      expect((await page.evaluate(storedKeys, a.threadId)).filter((k) => k.includes('<') || k.startsWith('node:') || k.includes(id))).toEqual([]);
      await expectHistoryIntact(page, a);
    });
  }

  test('putWrites for another checkpoint than the current one (pending writes planted on the first checkpoint) is refused', async ({ page }) => {
    await openApp(page);
    const a = await attackOwnHistory(page, historyGraph(`
      await saver.putWrites({ configurable: { thread_id: arg.thread, checkpoint_ns: '', checkpoint_id: first.checkpoint.id } },
        [['log', ['planted']]], '00000000-0000-5000-8000-000000000001');`));
    expectRefused(a, /writes/);
    await expectHistoryIntact(page, a);
  });

  test('wrapping MessagePort.prototype.postMessage (and addEventListener, start, MessageEvent data) at module load cannot see or use the session port', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const capture = `
      const seen: { ports: MessagePort[]; messages: string[] } = ((globalThis as any).__seen ??= { ports: [], messages: [] });
      const keep = (p: unknown) => { if (p instanceof MessagePort && !seen.ports.includes(p)) seen.ports.push(p); };
      const proto = MessagePort.prototype as any;
      const post = proto.postMessage; const add = proto.addEventListener; const start = proto.start;
      proto.postMessage = function (this: MessagePort, m: any, t?: any) { keep(this); if (typeof m?.type === 'string') seen.messages.push(m.type); return post.call(this, m, t); };
      proto.addEventListener = function (this: MessagePort, ...a: any[]) { keep(this); return add.apply(this, a); };
      proto.start = function (this: MessagePort) { keep(this); return start.call(this); };
      const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!;
      Object.defineProperty(MessageEvent.prototype, 'data', { configurable: true, get() { const d = data.get!.call(this); keep((this as MessageEvent).target); if (d && typeof d === 'object') { for (const x of Object.values(d)) keep(x); if (typeof (d as any).type === 'string') seen.messages.push((d as any).type); } return d; } });`;
    const a = await attackOwnHistory(page, historyGraph(`
      const seen = (globalThis as any).__seen;
      note('ports ' + seen.ports.length + ', session messages ' + seen.messages.filter((m: string) => m.startsWith('cp/') || m.startsWith('run/')).length);
      for (const p of seen.ports) p.postMessage({ type: 'cp/put', rid: 999, config: { configurable: { thread_id: arg.thread, checkpoint_ns: '', checkpoint_id: head.checkpoint.id } },
        checkpoint: { ...first.checkpoint, channel_values: { log: ['rewritten'] } }, metadata: { source: 'loop', step: 777, parents: {} }, newVersions: { log: 999 } });`, capture));
    expect(a.ended.outcome).toBe('done');
    // The first run's note, then the attack's: it saw no port and no session message.
    expect((a.ended.result as { log: string[] }).log).toEqual(['node ran', 'ports 0, session messages 0', 'node ran']);
    await expectHistoryIntact(page, a);
    await expectUntouched(page, v.before);
  });
});
