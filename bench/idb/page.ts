/**
 * Runs in Chromium (served by run.ts): times IndexedDBSaver against a raw idb baseline writing the
 * same records in the same number of transactions, and measures bytes stored per checkpoint.
 */
import { openDB } from 'idb';
import { IndexedDBSaver } from '../../src/checkpoint/idb';
import { DB_VERSION, upgradeSchema, type ReplayGraphDB } from '../../src/checkpoint/idb/schema';
import { writeIndex } from '../../src/engine/checkpoint/rules';
import type { RunnableConfig } from '../../src/engine/checkpoint/types';
import { buildRun, type Step } from './workload';

const STEPS = 1000;

async function runSaver(dbName: string, thread: string, steps: Step[]): Promise<number> {
  const saver = new IndexedDBSaver({ dbName });
  await saver.countStoredVersions('warm-up'); // open (and create) the database outside the timing
  const start = performance.now();
  let config: RunnableConfig = { configurable: { thread_id: thread, checkpoint_ns: '' } };
  for (const step of steps) {
    if (step !== steps[0]) await saver.putWrites(config, step.writes, step.taskId);
    config = await saver.put(config, step.checkpoint, step.metadata, step.newVersions);
  }
  const ms = performance.now() - start;
  saver.close();
  return ms;
}

/** The same records as the saver writes, in the same transactions, with no saver logic. */
async function runBaseline(dbName: string, thread: string, steps: Step[]): Promise<number> {
  const db = await openDB<ReplayGraphDB>(dbName, DB_VERSION, { upgrade: (d, o, n, tx) => upgradeSchema(d, o, n ?? DB_VERSION, tx) });
  const start = performance.now();
  let parent: string | undefined;
  let seq = 0;
  for (const step of steps) {
    if (parent !== undefined) {
      const tx = db.transaction('writes', 'readwrite');
      const writes = step.writes.map(([channel, value], i) => ({ seq: ++seq, idx: writeIndex(channel, i), channel, value }));
      await Promise.all([tx.store.put({ thread_id: thread, checkpoint_ns: '', checkpoint_id: parent, task_id: step.taskId, writes }), tx.done]);
    }
    const tx = db.transaction(['checkpoints', 'blobs'], 'readwrite');
    const { checkpoint } = step;
    const puts: Promise<unknown>[] = Object.entries(step.newVersions).map(([channel, version]) =>
      tx.objectStore('blobs').put({ thread_id: thread, checkpoint_ns: '', channel, version, value: checkpoint.channel_values[channel] }));
    puts.push(tx.objectStore('checkpoints').put({
      thread_id: thread, checkpoint_ns: '', checkpoint_id: checkpoint.id, ...(parent ? { parent_id: parent } : {}),
      checkpoint: { ...checkpoint, channel_values: {} }, metadata: step.metadata,
    }));
    await Promise.all([...puts, tx.done]);
    parent = checkpoint.id;
  }
  const ms = performance.now() - start;
  db.close();
  return ms;
}

/** Structured-clone-ish size of every record of a thread, in bytes of UTF-8 JSON. */
async function storedBytes(dbName: string, thread: string): Promise<{ total: number; checkpoints: number }> {
  const db = await openDB<ReplayGraphDB>(dbName, DB_VERSION);
  const range = IDBKeyRange.bound([thread], [thread, []]);
  const enc = new TextEncoder();
  const size = (records: unknown[]) => records.reduce<number>((sum, r) => sum + enc.encode(JSON.stringify(r)).length, 0);
  const [cps, blobs, writes] = await Promise.all([
    db.getAll('checkpoints', range), db.getAll('blobs', range), db.getAll('writes', range),
  ]);
  db.close();
  return { total: size(cps) + size(blobs) + size(writes), checkpoints: cps.length };
}

async function usage(): Promise<number> {
  return (await navigator.storage.estimate()).usage ?? 0;
}

async function main() {
  const tag = Date.now().toString(36);
  const context = { system: 'You are a helpful assistant. '.repeat(30) }; // ~1 KB, unchanged
  const throughputRun = buildRun(STEPS, { context }, (s) => ({ count: s, last: { role: 'ai', content: `reply ${s}` } }));
  const rounds: { saverMs: number; baselineMs: number }[] = [];
  for (let r = 0; r < 5; r++) {
    const baselineMs = await runBaseline(`bench-base-${tag}-${r}`, 't', throughputRun);
    const saverMs = await runSaver(`bench-saver-${tag}-${r}`, 't', throughputRun);
    rounds.push({ saverMs, baselineMs });
  }
  const big = 'x'.repeat(100 * 1024);
  const sizeRun = buildRun(STEPS, { big }, (s) => ({ count: s }));
  const before = await usage();
  await runSaver(`bench-size-${tag}`, 'size', sizeRun);
  const after = await usage();
  const bytes = await storedBytes(`bench-size-${tag}`, 'size');
  // The same records written raw: what the browser's storage format costs by itself.
  await runBaseline(`bench-size-raw-${tag}`, 'size', sizeRun);
  const afterRaw = await usage();
  return { steps: STEPS, rounds, bytes, usageDelta: after - before, rawUsageDelta: afterRaw - after };
}

declare global {
  interface Window { benchResult?: Promise<unknown> }
}
window.benchResult = main();
