/**
 * The differential suite for the parity scenarios (error handlers, timeouts, Command.PARENT,
 * schemas, durability, more of the API, behaviour differences), each implementation with its own
 * MemorySaver. `indexeddb.test.ts` runs them again on IndexedDBSaver.
 */
import { loadEngine } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { PARITY_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();

defineDifferentialSuite('differential: engine parity', PARITY_SCENARIOS, { engine });
