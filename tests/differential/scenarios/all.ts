/** Every scenario, by group (the test files pick groups; the dump script takes them all). */
import type { Scenario } from '../harness/scenario';
import { CORE_BASIC } from './core-basic';
import { CORE_FAILURES } from './core-failures';
import { CORE_INTERRUPTS } from './core-interrupts';

export const CORE_SCENARIOS: Scenario[] = [...CORE_BASIC, ...CORE_FAILURES, ...CORE_INTERRUPTS];
export const ALL_SCENARIOS: Scenario[] = [...CORE_SCENARIOS];
