// The validation suite's opt-in `getDeltaChannelHistory` tests (not part of `validate()`), on the
// engine's MemorySaver and on IndexedDBSaver over fake-indexeddb.
import 'fake-indexeddb/auto';
import './globals';
import { deltaChannelHistoryTests } from '@langchain/langgraph-checkpoint-validation';
import { expectSuiteCount } from './count';
import { DELTA_HISTORY_TESTS, indexedDBSaverInitializer, memorySaverInitializer } from './initializers';

deltaChannelHistoryTests(memorySaverInitializer());
deltaChannelHistoryTests(indexedDBSaverInitializer('fake-indexeddb'));
expectSuiteCount(2 * DELTA_HISTORY_TESTS);
