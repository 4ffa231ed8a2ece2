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
  /** The module's TypeScript (gallery graphs and user graphs): what "copy into the editor" starts from. */
  source?: string;
  /**
   * Where in `source` an error thrown by the graph's code happened (user graphs), or null.
   * Lets a run's error point at the user's line and column.
   */
  locate?(err: unknown): { line: number; column: number } | null;
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

  /** The registered module (not compiled). */
  module(id: string): GraphModule | undefined {
    return this.modules.get(id);
  }

  /** Removes a graph (threads that ran it keep their checkpoints). */
  unregister(id: string): void {
    this.modules.delete(id);
    this.compiled.delete(id);
  }

  /** The info of one graph as the UI lists it. */
  async info(id: string): Promise<GraphInfo | undefined> {
    const m = this.modules.get(id);
    if (!m) return undefined;
    const info: GraphInfo = {
      id: m.id, title: m.title, description: m.description, origin: m.origin ?? 'builtin',
      shape: await graphShape(this.get(m.id)!), exampleInput: m.exampleInput,
    };
    if (m.source !== undefined) info.source = m.source;
    return info;
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
    for (const id of this.modules.keys()) {
      const info = await this.info(id);
      if (info) out.push(info);
    }
    return out;
  }
}
