/**
 * A user graph's TypeScript source compiled into a graph module (with run-time errors positioned
 * in the source). Runs only in a sandbox worker.
 */
import * as engine from '../engine/index';
import type { UserCodeErrorDTO } from '../protocol/dto';
import type { GraphModule } from './graphs/registry';
import { userGraphModule, UserGraphError } from './usercode/index';
import { ENGINE_API, USER_MODULES } from './user-modules';

/** The result of compiling a user graph for the registry. */
export type UserModuleResult = { ok: true; module: GraphModule } | { ok: false; error: UserCodeErrorDTO };

/**
 * Compiles `source` as the registry entry `id`, building it once so that a module that fails on a
 * fresh evaluation (or lacks a method the host needs) is reported now, not on its first run.
 */
export function compileUserModule(id: string, source: string, title?: string): UserModuleResult {
  const r = userGraphModule(source, ENGINE_API, { id, ...(title ? { title } : {}) }, { modules: USER_MODULES });
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
  module.mapStack = compiled.mapStack;
  return { ok: true, module };
}
