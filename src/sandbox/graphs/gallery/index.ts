/// <reference types="vite/client" />
/**
 * The scenario gallery: standalone modules that import from 'replaygraph' as a user's graph does,
 * each registered with its own source text (Vite's `?raw`).
 */
import type { GraphModule } from '../registry';
import * as essay from './essay';
import essaySource from './essay.ts?raw';
import * as handoff from './handoff';
import handoffSource from './handoff.ts?raw';
import * as humanReview from './human-review';
import humanReviewSource from './human-review.ts?raw';
import * as mapReduce from './map-reduce';
import mapReduceSource from './map-reduce.ts?raw';
import * as parallelFlaky from './parallel-flaky';
import parallelFlakySource from './parallel-flaky.ts?raw';
import * as reactAgent from './react-agent';
import reactAgentSource from './react-agent.ts?raw';
import * as retryFork from './retry-fork';
import retryForkSource from './retry-fork.ts?raw';
import { standaloneModule } from './standalone';
import * as subgraphLoop from './subgraph-loop';
import subgraphLoopSource from './subgraph-loop.ts?raw';

/** The gallery, in the order it is shown. */
export const GALLERY_GRAPHS: readonly GraphModule[] = [
  standaloneModule('parallel-flaky', parallelFlaky, parallelFlakySource),
  standaloneModule('human-review', humanReview, humanReviewSource),
  standaloneModule('essay', essay, essaySource),
  standaloneModule('subgraph-loop', subgraphLoop, subgraphLoopSource),
  standaloneModule('map-reduce', mapReduce, mapReduceSource),
  standaloneModule('retry-fork', retryFork, retryForkSource),
  standaloneModule('react-agent', reactAgent, reactAgentSource),
  standaloneModule('handoff', handoff, handoffSource),
];
