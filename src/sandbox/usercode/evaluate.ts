/**
 * Evaluating a transpiled user module with `new Function`. The module sees a `require` that knows
 * the modules of its table (see modules.ts); anything else is an `UnknownModuleError` naming the
 * module. Bounding a module that never ends is the sandbox worker's job.
 */
import { UnknownModuleError, type ModuleTable } from './modules';

/**
 * Runs the module body and returns its `module.exports`. Whatever the body throws propagates (the
 * caller maps it to the user's position).
 * @param code the transpiled body (CommonJS-shaped)
 * @param fileName the sourceURL stack frames will name
 * @param modules what `require(name)` returns, by name
 */
export function evaluateModule(code: string, fileName: string, modules: ModuleTable): Record<string, unknown> {
  const requireFn = (name: unknown): unknown => {
    const key = String(name);
    if (Object.hasOwn(modules, key)) return modules[key];
    throw new UnknownModuleError(key, modules);
  };
  const module = { exports: {} as Record<string, unknown> };
  // The body must start on its own line: stack positions rely on a fixed header (see stack.ts).
  const body = `${code}\n//# sourceURL=${fileName}`;
  const fn = new Function('require', 'module', 'exports', body);
  fn.call(undefined, requireFn, module, module.exports);
  return module.exports;
}
