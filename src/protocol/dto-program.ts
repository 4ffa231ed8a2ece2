/** A program run from the editor (a script that builds graphs and calls them), as the page sees it. */
import type { UserCodeErrorDTO } from './dto-graph';
import type { WireError } from './dto';

/** One console call of a program. */
export interface ConsoleLineDTO {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
  /** The program's source line of the call (1-based), null when unknown. */
  line: number | null;
}

/** The graph method a program called (each call is a run of, or a read on, a debugger thread). */
export type ProgramCall = 'invoke' | 'stream' | 'streamEvents' | 'getState' | 'updateState';

/** A debugger thread a program run made: one per graph and `thread_id` the program used. */
export interface ProgramThreadDTO {
  threadId: string;
  /** The graph's name in the program (its `name`, else the variable it was called through). */
  graph: string;
  /** The `thread_id` the program used (a call without one on a graph without a checkpointer gets `(run N)`). */
  programThreadId: string;
  /** The user graph that holds this graph's code (`user:…`): replay, fork and continue load it. */
  graphId: string;
}

/** How a program run ended: `done`, `error` (its uncaught error), or `cancelled` (cancel, time limit, lost sandbox). */
export interface ProgramEndDTO {
  outcome: 'done' | 'error' | 'cancelled';
  /** The program's uncaught error, positioned in its source. */
  error: UserCodeErrorDTO | null;
  /** Why it was stopped (cancel, time limit, lost sandbox, a broken rule). */
  problem: WireError | null;
}
