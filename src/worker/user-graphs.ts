/**
 * User graphs in the host: compiling a TypeScript source into a registry entry (with run-time
 * errors positioned in the source), and registering the saved ones again when storage opens.
 */
import * as engine from '../engine/index';
import type { UserCodeErrorDTO } from '../protocol/dto';
import type { HostContext } from './context';
import type { GraphModule } from './graphs/registry';
import { userGraphModule, UserGraphError } from './usercode/index';

/** The result of compiling a user graph for the registry. */
export type UserModuleResult = { ok: true; module: GraphModule } | { ok: false; error: UserCodeErrorDTO };

/**
 * Compiles `source` as the registry entry `id`, building it once so that a module that fails on a
 * fresh evaluation (or lacks a method the host needs) is reported now, not on its first run.
 */
export function compileUserModule(id: string, source: string, title?: string): UserModuleResult {
  const r = userGraphModule(source, engine as unknown as Record<string, unknown>, { id, ...(title ? { title } : {}) });
  if (!r.ok) return r;
  const { module, compiled } = r;
  try {
    // A probe build against a throwaway saver: the catalog builds its own with the host's saver.
    module.build(new engine.MemorySaver());
  } catch (err) {
    if (err instanceof UserGraphError) return { ok: false, error: err.detail };
    return { ok: false, error: compiled.mapError(err) };
  }
  module.locate = (err) => {
    const e = compiled.mapError(err);
    return e.line === null || e.column === null ? null : { line: e.line, column: e.column };
  };
  return { ok: true, module };
}

/**
 * Registers every saved user graph. One that no longer compiles is skipped (its record stays, so
 * the source is not lost); the others are registered.
 * @returns the ids that failed
 */
export async function registerSavedUserGraphs(ctx: HostContext): Promise<string[]> {
  const failed: string[] = [];
  let saved;
  try {
    saved = await ctx.store.listUserGraphs();
  } catch {
    return failed; // storage without user graphs: the built-in graphs still work
  }
  for (const g of saved) {
    if (ctx.graphs.has(g.id) && ctx.graphs.module(g.id)?.origin !== 'user') continue;
    const r = compileUserModule(g.id, g.source, g.title);
    if (r.ok) ctx.graphs.register(r.module);
    else failed.push(g.id);
  }
  return failed;
}
