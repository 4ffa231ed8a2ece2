/**
 * Task inference (entry `src/engine/infer`): what runs next from a stored checkpoint, and the
 * graph a run shows, from checkpoint data alone. Pure functions over plain data; see
 * `src/engine/README.md` ("Tasks from checkpoint data").
 */
export type { GraphWiring, InferCheckpoint, InferInput, InferredInterrupt, InferredStep, InferredTask, InferredTrigger, ObservedWiring, Uncertainty, WiredChannel, WiredNode } from './types';
export { inferTasks } from './tasks';
export { barrierSources, channelTarget, inferWiring, observeWiring } from './wiring';
export { observeGraph, type ObserveInput, type ObservedCheckpoint, type ObservedEdge, type ObservedGraph, type ObservedNode } from './observed-graph';
