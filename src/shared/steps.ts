/**
 * One step numbering on every screen: a superstep is numbered by LangGraph's `metadata.step` of
 * the checkpoint it runs from — the `StateSnapshot` whose `next` and `tasks` list its tasks, the
 * timeline row "0 → fetch". So `__start__` runs in step -1 (the input checkpoint's), the first
 * nodes in step 0, and a step's pending writes are saved beside the checkpoint of its number.
 *
 * The trace (`src/shared/trace.ts`) keeps the engine's own `step`, LangGraph's `loop.step`: the
 * `metadata.step` of the checkpoint a superstep commits, one more. Everything shown converts here.
 */

/** The superstep number shown for a trace event's `step` (LangGraph's `loop.step`). */
export const superstepOfTrace = (traceStep: number): number => traceStep - 1;
