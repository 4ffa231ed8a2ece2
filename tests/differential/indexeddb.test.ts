/**
 * Every differential scenario again, with our engine saving to the IndexedDBSaver (on
 * fake-indexeddb) instead of its MemorySaver; LangGraph.js keeps its own MemorySaver. Same
 * reference outcomes, so a checkpointer that loses or reorders anything shows up as a diff.
 */
import 'fake-indexeddb/auto';
import { IndexedDBSaver } from '../../src/checkpoint/idb/index';
import { loadEngine } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { ALL_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();
let dbSeq = 0;

// Imported statically: a saver that fails to load fails this suite instead of skipping it.
defineDifferentialSuite('differential: engine on IndexedDBSaver', ALL_SCENARIOS, {
  engine,
  checkReference: false,
  oursSaver: () => new IndexedDBSaver({ dbName: `differential-${(dbSeq += 1)}` }),
});
