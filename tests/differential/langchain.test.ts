/**
 * The differential suite for LangChain-facing features (messages, Runnables and callbacks,
 * `custom` / `messages` stream modes, stores, prebuilt agents): each scenario runs on
 * LangGraph.js 1.7.3 and on our engine, each with its own MemorySaver.
 */
import { loadEngine } from './harness/impl';
import { defineDifferentialSuite } from './harness/scenario';
import { LANGCHAIN_SCENARIOS } from './scenarios/all';

const engine = await loadEngine();

defineDifferentialSuite('differential: messages, runnables, stream modes, stores, prebuilt', LANGCHAIN_SCENARIOS, { engine });
