/**
 * Evaluating a transpiled user module with `new Function`. The module sees a `require` that knows
 * exactly one module, `replaygraph` (the engine's public API); anything else is an error naming the
 * module. This is not a sandbox: user code runs with the worker's privileges, which is fine for code
 * the user wrote in their own browser. Bounding a module that never ends is the worker's job.
 */

/** The one module name user code may import. */
export const ENGINE_MODULE = 'replaygraph';

/** Thrown by the module's `require` for any module other than `replaygraph`. */
export class UnknownModuleError extends Error {
  override name = 'UnknownModuleError';
  constructor(readonly moduleName: string) {
    super(
      `Cannot import "${moduleName}": a graph can only import from "${ENGINE_MODULE}"` +
        (moduleName.startsWith('@langchain/') ? ` (write \`from '${ENGINE_MODULE}'\` instead of \`from '${moduleName}'\`).` : '.'),
    );
  }
}

/**
 * What `require('replaygraph')` returns: a frozen copy of the engine's exports, so one graph cannot
 * change the API another graph sees. No `__esModule` flag, so `import rg from 'replaygraph'` yields
 * the whole API and named imports work as usual.
 */
export function engineModule(engine: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(engine)) {
    if (key === '__esModule') continue;
    copy[key] = engine[key];
  }
  return Object.freeze(copy);
}

/**
 * Runs the module body and returns its `module.exports`. Whatever the body throws propagates (the
 * caller maps it to the user's position).
 * @param code the transpiled body (CommonJS-shaped)
 * @param fileName the sourceURL stack frames will name
 * @param api the object `require('replaygraph')` returns
 */
export function evaluateModule(code: string, fileName: string, api: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const requireFn = (name: unknown): unknown => {
    if (name === ENGINE_MODULE) return api;
    throw new UnknownModuleError(String(name));
  };
  const module = { exports: {} as Record<string, unknown> };
  // The body must start on its own line: stack positions rely on a fixed header (see stack.ts).
  const body = `${code}\n//# sourceURL=${fileName}`;
  const fn = new Function('require', 'module', 'exports', body);
  fn.call(undefined, requireFn, module, module.exports);
  return module.exports;
}
