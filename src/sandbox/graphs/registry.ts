/**
 * A graph the sandbox can run, as a module exports it, and its description for the UI. Built-in
 * graphs are bundled with the sandbox; user graphs are compiled from their source (usercode/).
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import { MemorySaver } from '../../engine/index';
import type { GraphInfo, Json } from '../../protocol/dto';
import type { HostGraph } from '../engine-port';
import { graphShape } from '../graph-shape';

/** A graph the sandbox can run, as a module exports it. */
export interface GraphModule {
  id: string;
  title: string;
  /** Two sentences: what it does and what to look for in the debugger. */
  description: string;
  exampleInput: Json;
  /** Compiles the graph with the given checkpointer. */
  build(checkpointer: BaseCheckpointSaver): HostGraph;
  origin?: 'builtin' | 'user';
  /** The module's TypeScript (gallery graphs and user graphs): what "copy into the editor" starts from. */
  source?: string;
  /**
   * Where in `source` an error thrown by the graph's code happened (user graphs), or null.
   * Lets a run's error point at the user's line and column.
   */
  locate?(err: unknown): { line: number; column: number } | null;
  /** A stack trace with the graph's own frames at its source's lines and columns (user graphs). */
  mapStack?(stack: string): string;
}

/** The info of a graph as the UI lists it (its drawing comes from a build on a throwaway saver). */
export async function graphInfo(m: GraphModule): Promise<GraphInfo> {
  const info: GraphInfo = {
    id: m.id, title: m.title, description: m.description, origin: m.origin ?? 'builtin',
    shape: await graphShape(m.build(new MemorySaver())), exampleInput: m.exampleInput,
  };
  if (m.source !== undefined) info.source = m.source;
  return info;
}
