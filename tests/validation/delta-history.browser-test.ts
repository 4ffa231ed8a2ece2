// The validation suite's opt-in getDeltaChannelHistory tests on IndexedDBSaver over Chromium's IndexedDB.
import './globals';
import { deltaChannelHistoryTests } from '@langchain/langgraph-checkpoint-validation';
import { expectSuiteCount } from './count';
import { DELTA_HISTORY_TESTS, indexedDBSaverInitializer } from './initializers';

deltaChannelHistoryTests(indexedDBSaverInitializer('Chromium'));
expectSuiteCount(DELTA_HISTORY_TESTS);
