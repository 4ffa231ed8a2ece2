/**
 * LangGraph's checkpointer validation suite (`@langchain/langgraph-checkpoint-validation`) registers
 * its tests through the Jest/Vitest globals `describe`, `it`, `expect` and the hooks. This module
 * gives it Vitest's, for the files that import it first (the project does not turn Vitest's
 * `globals` option on for every file).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it });
