/** Every scenario, by group (the test files pick groups; the dump script takes them all). */
import type { Scenario } from '../harness/scenario';
import { CORE_BASIC } from './core-basic';

export const CORE_SCENARIOS: Scenario[] = [...CORE_BASIC];
export const ALL_SCENARIOS: Scenario[] = [...CORE_SCENARIOS];
