/** The built-in graphs the sandbox bundles. */
import { chainGraph } from './chain';
import { GALLERY_GRAPHS } from './gallery/index';
import type { GraphModule } from './registry';
import { counterGraph, parallelReviewGraph, spinForeverGraph, subgraphGraph } from './test-graphs';

export { graphInfo, type GraphModule } from './registry';
export { GALLERY_GRAPHS } from './gallery/index';

/** Built-in graphs, in the order the UI lists them: the chain, then the scenario gallery. */
export const BUILTIN_GRAPHS: readonly GraphModule[] = [chainGraph, ...GALLERY_GRAPHS];

/** Graphs used by tests (listed only when the storage worker asks for them, `?testGraphs=1`). */
export const TEST_GRAPHS: readonly GraphModule[] = [counterGraph, spinForeverGraph, subgraphGraph, parallelReviewGraph];
