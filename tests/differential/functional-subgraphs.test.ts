/**
 * The differential suite for the functional API (entrypoint / task), subgraphs and the cache:
 * each scenario runs on LangGraph.js 1.7.3 and on our engine; skipped until our engine exports
 * `entrypoint` and `task`.
 */
import { loadEngine } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { ADVANCED_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();

defineDifferentialSuite('differential: functional API, subgraphs, cache', ADVANCED_SCENARIOS, { engine });
