/**
 * Shared steps of the hostile suite (e2e/hostile-*.spec.ts): the real app in Chromium, driven
 * through its client (`window.__replaygraph`, `?debug=1`), victim threads made by real runs, and a
 * fingerprint of their stored checkpoints read straight from IndexedDB by the page, so every case
 * can show that what it attacked is byte-identical afterwards. Attack code reports what it saw
 * (its `log`), which proves it ran.
 */
import { expect, type CDPSession, type Page } from '@playwright/test';
import type { WorkerClient } from '../src/client/worker-client';
import type { Json, RunControls } from '../src/protocol/dto';

declare global {
  interface Window {
    __replaygraph?: WorkerClient;
  }
}

/** Opens the app (with the test graphs and any extra URL switches) and waits for the storage worker. */
export async function openApp(page: Page, query = ''): Promise<void> {
  await page.goto(`/?debug=1&testGraphs=1${query}`);
  await page.waitForFunction(() => window.__replaygraph !== undefined);
  await page.evaluate(() => window.__replaygraph!.hello());
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
}

/** Threads made by ordinary runs, which no attack may change. */
export async function makeVictims(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const c = window.__replaygraph!;
    const stamp = Date.now().toString(36);
    const a = `victim-a-${stamp}`;
    const b = `victim-b-${stamp}`;
    await c.waitForRun((await c.startRun({ threadId: a, graphId: 'chain', input: { topic: 'victim' } })).runId);
    // An error, then a continue: pending writes with dispositions, two runs.
    await c.waitForRun((await c.startRun({ threadId: b, graphId: 'parallel-flaky', input: { query: 'victim' } })).runId);
    await c.waitForRun((await c.continueRun({ threadId: b })).runId);
    return [a, b];
  });
}

/**
 * Runs in the page: a fingerprint of every stored record of each thread (checkpoints, channel
 * values, pending writes): the records in key order, encoded canonically (typed arrays by their
 * bytes, -0, NaN, Maps…), hashed. Read by the page itself, so it works whatever the workers do.
 * Self-contained: its source text is sent to the page (by Playwright, or over CDP).
 */
export async function readFingerprint(ids: string[]): Promise<Record<string, string>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open('replaygraph');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const enc = (v: unknown): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'number': return Object.is(v, -0) ? 'n:-0' : `n:${String(v)}`;
      case 'string': return `s:${JSON.stringify(v)}`;
      case 'bigint': return `b:${v}`;
      case 'boolean': return `t:${v}`;
      case 'undefined': return 'u';
    }
    if (Array.isArray(v)) return `[${Array.from({ length: v.length }, (_, i) => (i in v ? enc(v[i]) : 'hole')).join(',')}]`;
    if (ArrayBuffer.isView(v)) return `${v.constructor.name}<${Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)).join(' ')}>`;
    if (v instanceof ArrayBuffer) return `AB<${Array.from(new Uint8Array(v)).join(' ')}>`;
    if (v instanceof Date) return `D:${v.getTime()}`;
    if (v instanceof Map) return `M{${[...v].map(([k, x]) => `${enc(k)}=>${enc(x)}`).join(',')}}`;
    if (v instanceof Set) return `S{${[...v].map(enc).join(',')}}`;
    if (v instanceof RegExp) return `R:${v}`;
    if (v instanceof Error) return `E:${v.name}:${v.message}`;
    return `{${Object.keys(v as object).map((k) => `${JSON.stringify(k)}:${enc((v as Record<string, unknown>)[k])}`).join(',')}}`;
  };
  const out: Record<string, string> = {};
  for (const id of ids) {
    const range = IDBKeyRange.bound([id], [id, []]);
    const parts: string[] = [];
    for (const store of ['checkpoints', 'blobs', 'writes']) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll(range);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      parts.push(`${store}:${rows.length}:${enc(rows)}`);
    }
    const text = parts.join('|');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    out[id] = `${parts.map((p) => p.slice(0, p.indexOf(':', p.indexOf(':') + 1))).join(' ')} ${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  db.close();
  return out;
}

/** The fingerprint of `threadIds` (see readFingerprint). */
export function fingerprint(page: Page, threadIds: readonly string[]): Promise<Record<string, string>> {
  return page.evaluate(readFingerprint, [...threadIds]);
}

/** Asserts the threads are byte-identical to `before` (and still there). */
export async function expectUntouched(page: Page, before: Record<string, string>): Promise<void> {
  const after = await fingerprint(page, Object.keys(before));
  expect(after).toEqual(before);
  for (const f of Object.values(after)) expect(f).toMatch(/^checkpoints:[1-9]/);
}

/** Victims and their fingerprint, made at the start of a case. */
export async function victims(page: Page): Promise<{ ids: string[]; before: Record<string, string> }> {
  const ids = await makeVictims(page);
  return { ids, before: await fingerprint(page, ids) };
}

/**
 * A user graph whose one node runs `body` (TypeScript; `note(text)` records what it saw) and
 * returns the notes as `log`. `extra` is added at the module's top level. With `checkpointer`, the
 * module exports its compiled graph, so `body` can use `saver`: the run's checkpointer (the proxy
 * the sandbox sets as the compiled graph's `checkpointer`), which graph code can always reach.
 */
export function attackGraph(body: string, extra = '', options: { checkpointer?: boolean } = {}): string {
  return [
    "import { Annotation, END, START, StateGraph } from 'replaygraph';",
    extra,
    'const State = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }), arg: Annotation<unknown>() });',
    `${options.checkpointer ? 'const graph: any =' : 'export default'} new StateGraph(State)`,
    "  .addNode('attack', async (s) => {",
    '    const log: string[] = [];',
    '    const note = (m: string) => { log.push(m); };',
    '    const arg = s.arg as any;',
    options.checkpointer ? '    const saver = graph.checkpointer;' : '',
    `    ${body}`,
    '    return { log };',
    '  })',
    "  .addEdge(START, 'attack')",
    `  .addEdge('attack', END)${options.checkpointer ? '\n  .compile();\nexport default graph;' : ';'}`,
  ].join('\n');
}

/** How a run of an attack graph ended. */
export interface AttackRun {
  threadId: string;
  runId: string;
  ended: { outcome: string; error: { code: string; name: string; message: string } | null; result: unknown };
  log: string[];
}

/** Saves `source` as a user graph, runs it once with `arg`, and returns how the run ended. */
export async function runUserGraph(page: Page, graphId: string, source: string, arg: Json = null, controls: RunControls = {}): Promise<AttackRun> {
  // Passed as text: Playwright's typing of a recursive JSON argument is too deep for the checker.
  const input = JSON.stringify({ graphId, source, arg, controls });
  return page.evaluate(async (text: string) => {
    const { graphId, source, arg, controls } = JSON.parse(text);
    const c = window.__replaygraph!;
    const saved = await c.saveGraph({ graphId, source });
    if (!saved.graph) throw new Error(`did not compile: ${JSON.stringify(saved.error)}`);
    const threadId = `attack-${graphId.slice(5)}-${Date.now().toString(36)}`;
    const { runId } = await c.startRun({ threadId, graphId, input: { arg, log: [] }, controls });
    const ended = await c.waitForRun(runId);
    return { threadId, runId, ended, log: ((ended.result as { log?: string[] } | null)?.log ?? []) as string[] } as never;
  }, input);
}

/** A user-graph id unique to this test run. */
export const uid = (name: string) => `user:${name}-${Date.now().toString(36)}`;

/**
 * Evaluates `fn(arg)` in the page over a CDP session. After a sandbox frame crashed, Playwright
 * treats the whole page as crashed (it watches every frame's renderer) and refuses to evaluate,
 * although the page itself is alive: CDP still reaches it.
 */
export async function cdpEvaluate<A, R>(cdp: CDPSession, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const r = await cdp.send('Runtime.evaluate', { expression: `(${fn.toString()})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
  return r.result.value as R;
}
