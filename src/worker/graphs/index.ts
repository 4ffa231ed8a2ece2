/** The graphs the worker offers. Later graphs are added to these lists or registered at run time. */
import { chainGraph } from './chain';
import { humanReviewGraph } from './human-review';
import { parallelFlakyGraph } from './parallel-flaky';
import type { GraphModule } from './registry';
import { counterGraph, spinForeverGraph, subgraphGraph } from './test-graphs';

export { GraphCatalog, type GraphModule } from './registry';

/** Built-in graphs, in the order the UI lists them. */
export const BUILTIN_GRAPHS: readonly GraphModule[] = [chainGraph, parallelFlakyGraph, humanReviewGraph];

/** Graphs used by tests (registered in the browser only with `?testGraphs=1`). */
export const TEST_GRAPHS: readonly GraphModule[] = [counterGraph, spinForeverGraph, subgraphGraph];
