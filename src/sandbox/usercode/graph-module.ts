/**
 * A user module as an entry of the worker's graph registry (`GraphModule`). Besides the graph, a
 * module may export `title`, `description` and `exampleInput` to fill the gallery card and the run
 * form; otherwise defaults are used.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import type { Json } from '../../protocol/dto';
import type { HostGraph } from '../engine-port';
import type { GraphModule } from '../graphs/registry';
import { compileUserGraph, UserGraphError, type CompiledUserGraph } from './compile';
import type { CompileOptions, UserCodeError } from './types';

/** What the registry needs to know about a user graph besides its source. */
export interface UserGraphMeta {
  /** Registry id, e.g. `user:my-graph`. */
  id: string;
  /** Overrides the module's `title` export. */
  title?: string;
  description?: string;
  exampleInput?: Json;
}

/** The result of `userGraphModule`. */
export type UserGraphModuleResult =
  | { ok: true; module: GraphModule; compiled: CompiledUserGraph }
  | { ok: false; error: UserCodeError };

const HOST_METHODS = ['invoke', 'stream', 'getState', 'getStateHistory', 'updateState'] as const;

/** The host methods a user's compiled graph lacks (none: it can be driven as a `HostGraph`). */
function missingHostMethods(graph: object): string[] {
  return HOST_METHODS.filter((m) => typeof Reflect.get(graph, m) !== 'function');
}

/** Guard: does a user's compiled graph have every method the host drives? */
function isHostGraph(graph: object): graph is HostGraph {
  return missingHostMethods(graph).length === 0;
}

/** A copy of `value` if it is JSON data (what the run form can show), else undefined. */
function asJson(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
}

const textExport = (exports: Record<string, unknown>, key: string) =>
  typeof exports[key] === 'string' && (exports[key] as string).trim() !== '' ? (exports[key] as string) : undefined;

/**
 * Compiles `source` and wraps it as a registry entry whose `build` returns a graph the host can
 * drive. `build` throws a `UserGraphError` (with the user's position) when the module fails on a
 * fresh evaluation or the graph lacks a method the host needs.
 * @param source the user's TypeScript
 * @param engine the engine's public API
 * @param meta id and optional texts
 */
export function userGraphModule(
  source: string,
  engine: Record<string, unknown>,
  meta: UserGraphMeta,
  options: CompileOptions = {},
): UserGraphModuleResult {
  const compiled = compileUserGraph(source, engine, { ...options, fileName: options.fileName ?? `${meta.id.replace(/[^\w.-]+/g, '-')}.ts` });
  if (!compiled.ok) return compiled;
  const { exports } = compiled;
  const module: GraphModule = {
    id: meta.id,
    title: meta.title ?? textExport(exports, 'title') ?? meta.id,
    description: meta.description ?? textExport(exports, 'description') ?? 'A graph written in TypeScript in the editor.',
    exampleInput: meta.exampleInput ?? asJson(exports.exampleInput) ?? {},
    origin: 'user',
    source,
    build(checkpointer: BaseCheckpointSaver): HostGraph {
      const graph = compiled.build(checkpointer);
      if (!isHostGraph(graph)) {
        const missing = missingHostMethods(graph);
        throw new UserGraphError({
          kind: 'shape',
          message: `The compiled graph has no ${missing.join(', ')}: export a StateGraph built with the replaygraph API.`,
          line: null,
          column: null,
        });
      }
      return graph;
    },
  };
  return { ok: true, module, compiled };
}
