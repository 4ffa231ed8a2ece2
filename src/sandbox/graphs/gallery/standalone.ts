/**
 * A standalone graph module (what the editor holds: `export default` a StateGraph builder or a
 * compiled graph, plus optional `title`, `description`, `exampleInput`) as a registry entry.
 * Gallery graphs are such modules, imported normally by the worker; their source text comes with
 * them so "copy into the editor" starts from exactly the code that runs here.
 */
import type { BaseCheckpointSaver } from '../../../engine/index';
import type { Json } from '../../../protocol/dto';
import type { HostGraph } from '../../engine-port';
import type { GraphModule } from '../registry';

/** What a standalone module exports. */
export interface StandaloneExports {
  default: unknown;
  title?: string;
  description?: string;
  exampleInput?: unknown;
}

type Builder = { compile(options: { checkpointer: BaseCheckpointSaver }): HostGraph };

const isBuilder = (x: unknown): x is Builder => typeof (x as Partial<Builder> | null)?.compile === 'function';

/**
 * Wraps a standalone module. A builder is compiled with the host's checkpointer; an already
 * compiled graph (an entrypoint) gets the host's checkpointer in place of its own.
 * @param id registry id
 * @param mod the module's exports
 * @param source the module's TypeScript text
 */
export function standaloneModule(id: string, mod: StandaloneExports, source: string): GraphModule {
  return {
    id,
    title: mod.title ?? id,
    description: mod.description ?? '',
    exampleInput: (mod.exampleInput ?? {}) as Json,
    origin: 'builtin',
    source,
    build(checkpointer: BaseCheckpointSaver): HostGraph {
      const graph = mod.default;
      if (isBuilder(graph)) return graph.compile({ checkpointer });
      const compiled = graph as HostGraph & { checkpointer?: unknown };
      compiled.checkpointer = checkpointer;
      return compiled;
    },
  };
}
