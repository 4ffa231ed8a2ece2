// LangGraph's checkpointer validation suite on the engine's MemorySaver.
import './globals';
import { validate } from '@langchain/langgraph-checkpoint-validation';
import { expectSuiteCount } from './count';
import { memorySaverInitializer, SUITE_TESTS } from './initializers';

validate(memorySaverInitializer());
expectSuiteCount(SUITE_TESTS);
