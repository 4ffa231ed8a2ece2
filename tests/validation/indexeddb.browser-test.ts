// LangGraph's checkpointer validation suite on IndexedDBSaver over Chromium's real IndexedDB
// (vitest.browser.config.ts), and its opt-in getDeltaChannelHistory tests in a second file.
import './globals';
import { validate } from '@langchain/langgraph-checkpoint-validation';
import { expectSuiteCount } from './count';
import { indexedDBSaverInitializer, SUITE_TESTS } from './initializers';

validate(indexedDBSaverInitializer('Chromium'));
expectSuiteCount(SUITE_TESTS);
