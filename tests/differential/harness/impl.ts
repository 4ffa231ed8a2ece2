/**
 * The two implementations the differential suite compares: LangGraph.js 1.7.3 (the reference) and
 * our engine (`src/engine/index.ts`). Scenarios see either one as an `Impl`: the module namespace,
 * so a scenario is written once against the public API.
 *
 * Our engine is loaded with a run-time dynamic import so that this suite keeps compiling and
 * running while the engine grows: a scenario whose needed exports are missing is skipped.
 */
import * as langgraph from '@langchain/langgraph';
import * as langgraphPrebuilt from '@langchain/langgraph/prebuilt';
// InMemoryCache lives in the checkpoint package LangGraph.js depends on; the cache scenario needs it.
import { InMemoryCache } from '@langchain/langgraph-checkpoint';
// The zod helpers (reducer metadata) live in LangGraph.js's `zod` entry point.
import { registry, withLangGraph } from '@langchain/langgraph/zod';

/** A module namespace shaped like `@langchain/langgraph` (untyped on purpose: it may be either). */
export type Impl = Record<string, any>;

/** What a checkpointer factory returns: LangGraph.js's or our `BaseCheckpointSaver`. */
export type Saver = Record<string, any>;

/** Builds a fresh, empty checkpointer for one scenario run. */
export type SaverFactory = (impl: Impl) => Saver;

/** The reference implementation: the main entry point, the prebuilt one (`ToolNode`, …) and the zod helpers. */
export const LANGGRAPH_JS: Impl = { ...langgraph, ...langgraphPrebuilt, InMemoryCache, registry, withLangGraph };

/** The default checkpointer of either implementation: its own `MemorySaver`. */
export const memorySaver: SaverFactory = (impl) => new impl.MemorySaver();

/** Our engine's module, or why it could not be loaded. */
export interface EngineLoad {
  impl: Impl;
  /** Set when importing `src/engine/index.ts` threw (a broken engine must show up, not skip). */
  loadError?: unknown;
}

const ENGINE_URL = new URL('../../../src/engine/index.ts', import.meta.url).href;
const PREBUILT_URL = new URL('../../../src/engine/prebuilt.ts', import.meta.url).href;

/** Imports our engine (main and prebuilt entry points) at run time. */
export async function loadEngine(): Promise<EngineLoad> {
  try {
    const mod = (await import(/* @vite-ignore */ ENGINE_URL)) as Impl;
    const prebuilt = (await import(/* @vite-ignore */ PREBUILT_URL)) as Impl;
    return { impl: { ...mod, ...prebuilt } };
  } catch (loadError) {
    return { impl: {}, loadError };
  }
}

/** The exports every core scenario needs. */
export const CORE_API = ['StateGraph', 'Annotation', 'START', 'END', 'MemorySaver'] as const;

/** Names of `needs` that `impl` does not export. */
export function missingExports(impl: Impl, needs: readonly string[]): string[] {
  return needs.filter((name) => impl[name] === undefined);
}
