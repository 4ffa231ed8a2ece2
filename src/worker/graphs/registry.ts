/**
 * The graph registry: built-in graphs are modules exporting a `GraphModule`. The registry is open:
 * later graphs (a gallery, user-written graphs) are added with `register`.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import type { GraphInfo, Json } from '../../protocol/dto';
import type { HostGraph } from '../engine-port';
import { graphShape } from '../graph-shape';

/** A graph the worker can run, as a module exports it. */
export interface GraphModule {
  id: string;
  title: string;
  /** Two sentences: what it does and what to look for in the debugger. */
  description: string;
  exampleInput: Json;
  /** Compiles the graph with the given checkpointer. */
  build(checkpointer: BaseCheckpointSaver): HostGraph;
  origin?: 'builtin' | 'user';
  source?: string;
}

/** Graphs by id, each compiled once against the host's checkpointer. */
export class GraphCatalog {
  private readonly modules = new Map<string, GraphModule>();
  private readonly compiled = new Map<string, HostGraph>();

  constructor(private readonly checkpointer: BaseCheckpointSaver, modules: readonly GraphModule[] = []) {
    for (const m of modules) this.register(m);
  }

  /** Adds (or replaces) a graph. */
  register(module: GraphModule): void {
    this.modules.set(module.id, module);
    this.compiled.delete(module.id);
  }

  has(id: string): boolean {
    return this.modules.has(id);
  }

  /** The compiled graph, built on first use. */
  get(id: string): HostGraph | undefined {
    const module = this.modules.get(id);
    if (!module) return undefined;
    let graph = this.compiled.get(id);
    if (!graph) {
      graph = module.build(this.checkpointer);
      this.compiled.set(id, graph);
    }
    return graph;
  }

  /** Every graph as the UI lists it. */
  async list(): Promise<GraphInfo[]> {
    const out: GraphInfo[] = [];
    for (const m of this.modules.values()) {
      const info: GraphInfo = {
        id: m.id, title: m.title, description: m.description, origin: m.origin ?? 'builtin',
        shape: await graphShape(this.get(m.id)!), exampleInput: m.exampleInput,
      };
      if (m.source !== undefined) info.source = m.source;
      out.push(info);
    }
    return out;
  }
}
