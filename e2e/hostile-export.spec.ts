/**
 * Hostile cases, point 6 (everything stored can be exported, or is refused when written): values
 * JSON cannot say are written to the file losslessly and imported back byte for byte; a value no
 * file could carry (a cycle) is refused when the node returns it, naming the channel, never only
 * at export. Every other thread is byte-identical afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectUntouched, openApp, uid, victims } from './hostile-helpers';

/** A graph whose one node sets channel `value` to what `expr` builds. */
const valueGraph = (expr: string) => [
  "import { Annotation, END, START, StateGraph } from 'replaygraph';",
  'const S = Annotation.Root({ value: Annotation<unknown>() });',
  `export default new StateGraph(S).addNode('make', () => ({ value: (() => { ${expr} })() })).addEdge(START, 'make').addEdge('make', END);`,
].join('\n');

/**
 * Runs the graph, exports its thread, imports the file under a new id, and compares every stored
 * channel value of the two threads (read from IndexedDB, canonically encoded).
 */
async function roundTrip(page: Page, expr: string) {
  const graphId = uid('value');
  return page.evaluate(async ({ graphId, source }) => {
    const c = window.__replaygraph!;
    const saved = await c.saveGraph({ graphId, source });
    if (!saved.graph) throw new Error(JSON.stringify(saved.error));
    const threadId = `value-${Date.now()}`;
    const ended = await c.waitForRun((await c.startRun({ threadId, graphId, input: { value: null } })).runId);
    if (ended.outcome !== 'done') return { ended, same: false, fileOk: false, values: 0 };
    const file = await c.exportThread(threadId);
    const copy = `${threadId}-copy`;
    const imported = await c.importThread({ text: file.text, threadId: copy });
    const db = await new Promise<IDBDatabase>((res, rej) => { const r = indexedDB.open('replaygraph'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
    const enc = (v: unknown): string => {
      if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
      if (typeof v === 'bigint') return `${v}n`;
      if (v === undefined) return 'u';
      if (v === null || typeof v !== 'object') return JSON.stringify(v);
      if (ArrayBuffer.isView(v)) return `${v.constructor.name}<${Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)).join(' ')}>`;
      if (Array.isArray(v)) return `[${v.map(enc).join(',')}]`;
      if (Object.getPrototypeOf(v) !== Object.prototype) return `?${Object.prototype.toString.call(v)}`;
      return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${enc((v as Record<string, unknown>)[k])}`).join(',')}}`;
    };
    const blobs = (t: string) => new Promise<string[]>((res, rej) => {
      const req = db.transaction('blobs').objectStore('blobs').getAll(IDBKeyRange.bound([t], [t, []]));
      req.onsuccess = () => res((req.result as { checkpoint_ns: string; channel: string; version: number; value: unknown }[]).map((b) => `${b.checkpoint_ns}/${b.channel}/${b.version}=${enc(b.value)}`).sort());
      req.onerror = () => rej(req.error);
    });
    const [a, b] = [await blobs(threadId), await blobs(copy)];
    db.close();
    return { ended, same: JSON.stringify(a) === JSON.stringify(b) && a.length > 0, fileOk: imported.problem === null, values: a.length, polluted: ({} as Record<string, unknown>).polluted !== undefined };
  }, { graphId, source: valueGraph(expr) });
}

test.describe('hostile: everything stored can be exported', () => {
  for (const [name, expr] of [
    ['NaN, -0 and Infinity in a Float64Array', 'return new Float64Array([NaN, -0, Infinity, 1.5]);'],
    ['a 100-deep object', "let v: any = 'bottom'; for (let i = 0; i < 100; i++) v = { next: v }; return v;"],
    ['a 50,000-key object', 'return Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));'],
    ['keys named __proto__, constructor and prototype', `return JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x", "prototype": [1], "$rg": "mine"}');`],
  ] as const) {
    test(`a state holding ${name} is exported and imported back unchanged`, async ({ page }) => {
      // Running, exporting and importing a 50,000-key state is seconds of work on a busy machine.
      test.setTimeout(240_000);
      await openApp(page);
      const v = await victims(page);
      const r = await roundTrip(page, expr);
      expect(r.ended.outcome).toBe('done');
      expect(r).toMatchObject({ fileOk: true, same: true, polluted: false });
      await expectUntouched(page, v.before);
    });
  }

  test('a cycle is refused when the node returns it, naming the channel; the thread still exports', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const r = await roundTrip(page, "const me: any = { name: 'me' }; me.self = me; return me;");
    expect(r.ended).toMatchObject({ outcome: 'error', error: { name: 'CheckpointValueError', message: expect.stringMatching(/channel "value".*cycle/) } });
    const threads = await page.evaluate(() => window.__replaygraph!.listThreads());
    const mine = threads.find((t) => t.threadId.startsWith('value-'))!;
    const exported = await page.evaluate((t) => window.__replaygraph!.exportThread(t), mine.threadId);
    expect(exported.checkpoints).toBeGreaterThan(0);
    await expectUntouched(page, v.before);
  });
});
