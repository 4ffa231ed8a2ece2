/** The graphs the worker offers. Later graphs are added to these lists or registered at run time. */
import { chainGraph } from './chain';
import { GALLERY_GRAPHS } from './gallery/index';
import type { GraphModule } from './registry';
import { counterGraph, spinForeverGraph, subgraphGraph } from './test-graphs';

export { GraphCatalog, type GraphModule } from './registry';
export { GALLERY_GRAPHS } from './gallery/index';

/** Built-in graphs, in the order the UI lists them: the chain, then the scenario gallery. */
export const BUILTIN_GRAPHS: readonly GraphModule[] = [chainGraph, ...GALLERY_GRAPHS];

/** Graphs used by tests (registered in the browser only with `?testGraphs=1`). */
export const TEST_GRAPHS: readonly GraphModule[] = [counterGraph, spinForeverGraph, subgraphGraph];
