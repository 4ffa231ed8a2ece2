/** Every scenario, by group (the test files pick groups; the dump script takes them all). */
import type { Scenario } from '../harness/scenario';
import { API_SCENARIOS } from './api';
import { BEHAVIOUR_SCENARIOS } from './behaviours';
import { CANCEL_SCENARIOS } from './cancel';
import { CORE_BASIC } from './core-basic';
import { CORE_FAILURES } from './core-failures';
import { CORE_INTERRUPTS } from './core-interrupts';
import { CORE_SCHEMAS } from './core-schemas';
import { CORE_SENDS } from './core-sends';
import { CORE_STREAMS } from './core-streams';
import { CORE_TIME_TRAVEL } from './core-time-travel';
import { DELTA_SCENARIOS } from './delta';
import { DURABILITY_SCENARIOS } from './durability';
import { FUNCTIONAL_SCENARIOS } from './functional';
import { HANDLER_SCENARIOS } from './handlers';
import { SCHEMA_SCENARIOS } from './schemas';
import { TIMEOUT_PARENT_SCENARIOS } from './timeouts-parent';
import { MESSAGE_SCENARIOS } from './messages';
import { RUNNABLE_SCENARIOS } from './runnables';
import { LC_STREAM_SCENARIOS } from './lc-streams';
import { STORE_SCENARIOS } from './store';
import { PREBUILT_SCENARIOS } from './prebuilt';
import { SUBGRAPH_SCENARIOS } from './subgraphs';
import { PROTOCOL_SCENARIOS } from './protocol-v3';

export const CORE_SCENARIOS: Scenario[] = [...CORE_BASIC, ...CORE_FAILURES, ...CORE_INTERRUPTS, ...CORE_SENDS, ...CORE_TIME_TRAVEL, ...CORE_STREAMS, ...CORE_SCHEMAS];
export const ADVANCED_SCENARIOS: Scenario[] = [...FUNCTIONAL_SCENARIOS, ...SUBGRAPH_SCENARIOS];
/** Engine parity: error handlers, timeouts, Command.PARENT, schemas, durability, more of the API, stream cancellation. */
export const PARITY_SCENARIOS: Scenario[] = [...HANDLER_SCENARIOS, ...TIMEOUT_PARENT_SCENARIOS, ...SCHEMA_SCENARIOS, ...DURABILITY_SCENARIOS, ...DELTA_SCENARIOS, ...API_SCENARIOS, ...BEHAVIOUR_SCENARIOS, ...CANCEL_SCENARIOS];
/** LangChain-facing features: messages, Runnables and callbacks, stream modes custom/messages, stores, prebuilt agents. */
export const LANGCHAIN_SCENARIOS: Scenario[] = [...MESSAGE_SCENARIOS, ...RUNNABLE_SCENARIOS, ...LC_STREAM_SCENARIOS, ...STORE_SCENARIOS, ...PREBUILT_SCENARIOS, ...PROTOCOL_SCENARIOS];
export const ALL_SCENARIOS: Scenario[] = [...CORE_SCENARIOS, ...ADVANCED_SCENARIOS, ...PARITY_SCENARIOS, ...LANGCHAIN_SCENARIOS];
