/**
 * A graph of a program, as the debugger loads it to replay, fork or continue one of its threads.
 * The thread's graph code is the program itself, stored as a user graph whose first line names the
 * graph (`// replaygraph program graph: <name>`). Loading it evaluates the program with every top-level
 * graph call answered by an inert value instead of running (no node runs, nothing is printed, no
 * thread is made), collects the compiled graphs it calls, named as when the program ran
 * (program-threads.ts), and builds the one named. So the wiring the debugger draws and runs is the
 * program's own code, not a description of it.
 *
 * Limits: `process.env` is empty while loading (the settings stay with the program); a program whose
 * control flow depends on a graph's results may call its graphs otherwise than when it ran.
 */
import * as engine from '../engine/index';
import type { BaseCheckpointSaver } from '../engine/checkpoint/types';
import type { HostGraph } from './engine-port';
import type { GraphModule } from './graphs/registry';
import { onGraphCalls } from './graph-calls';
import { GraphNames } from './program-threads';
import { compileProgram, moduleTable } from './usercode/index';
import type { UserCodeError } from './usercode/types';
import { ENGINE_API, USER_MODULES } from './user-modules';

const HEADER = /^\/\/ replaygraph program graph: (.+)$/;

/** The first line of a program graph's stored source. */
export const programGraphHeader = (graph: string) => `// replaygraph program graph: ${graph}`;

/** The graph a stored source names (its first line), or null for an ordinary graph module. */
export function programGraphName(source: string): string | null {
  const first = source.slice(0, source.indexOf('\n') === -1 ? undefined : source.indexOf('\n'));
  return HEADER.exec(first)?.[1]?.trim() ?? null;
}

/** The sourceURL a program is evaluated under while its graphs are collected. */
const CAPTURE_FILE = 'user-program-graphs.ts';

/** A value that absorbs whatever the program does with a call's result: every read, call and iteration. */
const inert: unknown = new Proxy(function inertValue() {}, {
  get(_target, key) {
    if (key === 'then') return undefined;
    if (key === Symbol.asyncIterator) return async function* empty() {};
    if (key === Symbol.iterator) return function* empty() {};
    if (key === Symbol.toPrimitive) return () => '';
    return inert;
  },
  apply: () => inert,
  construct: () => inert as object,
});

/** The program's compiled graphs by name, collected with every graph call answered by `inert`. */
async function captureGraphs(source: string): Promise<{ graphs: Map<string, object> } | { error: UserCodeError }> {
  const compiled = compileProgram(source, { modules: moduleTable(ENGINE_API, USER_MODULES), onConsole: () => undefined, fileName: CAPTURE_FILE });
  if (!compiled.ok) return { error: compiled.error };
  const names = new GraphNames({ lineOf: (stack) => compiled.positionOf(stack)?.line, sourceLines: compiled.sourceLines });
  const graphs = new Map<string, object>();
  const stop = onGraphCalls(CAPTURE_FILE, (call, graph, args, original, stack) => {
    if (engine.getConfig()?.configurable?.thread_id !== undefined) return original.apply(graph, args);
    const name = names.of(graph, stack);
    if (!graphs.has(name)) graphs.set(name, graph);
    return call === 'streamEvents' ? inert : Promise.resolve(inert);
  });
  try {
    await compiled.run();
  } finally {
    stop();
  }
  return { graphs };
}

/**
 * The registry entry of a program graph: `source` is the stored source (header line first, the
 * program below it, so positions are the stored source's lines).
 */
export async function programGraphModule(id: string, source: string, title?: string): Promise<{ ok: true; module: GraphModule } | { ok: false; error: UserCodeError }> {
  const name = programGraphName(source);
  if (name === null) return { ok: false, error: { kind: 'shape', message: 'Not a program graph.', line: 1, column: 1 } };
  // The header line stays, blank, so the program's lines keep their numbers.
  const captured = await captureGraphs(`\n${source.slice(source.indexOf('\n') + 1)}`);
  if ('error' in captured) return { ok: false, error: captured.error };
  const graph = captured.graphs.get(name);
  if (!graph) {
    const found = [...captured.graphs.keys()];
    return { ok: false, error: { kind: 'shape', message: `The program calls no graph named "${name}" (it calls ${found.length ? found.map((n) => `"${n}"`).join(', ') : 'none'}).`, line: 1, column: 1 } };
  }
  const module: GraphModule = {
    id,
    title: title ?? `${name} (program)`,
    description: 'A graph of a program run in the editor.',
    exampleInput: {},
    origin: 'user',
    source,
    build(checkpointer: BaseCheckpointSaver): HostGraph {
      // A copy per build, with its own checkpointer (as the engine's `withConfig` copies a graph).
      const copy = Object.create(Object.getPrototypeOf(graph) as object) as Record<string, unknown>;
      Object.assign(copy, graph);
      copy.checkpointer = checkpointer;
      return copy as unknown as HostGraph;
    },
  };
  return { ok: true, module };
}
