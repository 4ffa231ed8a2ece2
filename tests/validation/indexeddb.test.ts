// LangGraph's checkpointer validation suite on IndexedDBSaver over fake-indexeddb.
import 'fake-indexeddb/auto';
import './globals';
import { validate } from '@langchain/langgraph-checkpoint-validation';
import { expectSuiteCount } from './count';
import { indexedDBSaverInitializer, SUITE_TESTS } from './initializers';

validate(indexedDBSaverInitializer('fake-indexeddb'));
expectSuiteCount(SUITE_TESTS);
