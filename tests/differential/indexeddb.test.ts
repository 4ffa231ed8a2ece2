/**
 * Every differential scenario again, with our engine saving to the IndexedDBSaver (on
 * fake-indexeddb) instead of its MemorySaver; LangGraph.js keeps its own MemorySaver. Same
 * reference outcomes, so a checkpointer that loses or reorders anything shows up as a diff.
 */
import 'fake-indexeddb/auto';
import { loadEngine, type Impl, type Saver } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { ALL_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();

/** The saver class, loaded at run time so this suite does not depend on src/checkpoint's types. */
async function loadIndexedDBSaver(): Promise<{ Saver?: new (options: { dbName: string }) => Saver; error?: unknown }> {
  try {
    const url = new URL('../../src/checkpoint/idb/index.ts', import.meta.url).href;
    const mod = (await import(/* @vite-ignore */ url)) as Impl;
    return { Saver: mod.IndexedDBSaver };
  } catch (error) {
    return { error };
  }
}

const idb = await loadIndexedDBSaver();
let dbSeq = 0;

defineDifferentialSuite('differential: engine on IndexedDBSaver', ALL_SCENARIOS, {
  engine,
  checkReference: false,
  oursSaver: () => {
    if (!idb.Saver) throw new Error('IndexedDBSaver is not available');
    return new idb.Saver({ dbName: `differential-${(dbSeq += 1)}` });
  },
  oursSkipReason: idb.Saver ? undefined : `IndexedDBSaver did not load: ${String(idb.error)}`,
});
