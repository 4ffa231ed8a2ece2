/**
 * The differential conformance suite for the engine core: every scenario runs on LangGraph.js
 * 1.7.3 and on our engine, and the normalised outcomes must be deep-equal.
 */
import { loadEngine } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { CORE_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();

defineDifferentialSuite('differential: engine core', CORE_SCENARIOS, { engine });
