/**
 * Compiling a user's TypeScript graph module: transpile (sucrase), evaluate (`new Function` with a
 * `require` over a table of known modules, each import checked first), pick and check the graph export. Every failure comes
 * back as data positioned in the user's source; errors thrown later, inside a node while the graph
 * runs, are positioned with `mapError`. Worker-only: nothing here touches the DOM.
 */
import { locateCompileError } from './compile-error-position';
import { evaluateModule } from './evaluate';
import { scanImports } from './imports';
import { checkImports, moduleTable } from './modules';
import { findExportPosition, pickGraphExport } from './shape';
import { mapUserStack, userPositionFromStack } from './stack';
import { transpileUserSource } from './transpile';
import { toSourcePosition, type DecodedMappings } from './source-map';
import type { CompileOptions, UserCodeError, UserGraphKind } from './types';

/** A user module that compiled and exports a graph. */
export interface CompiledUserGraph {
  ok: true;
  /** The module's exports (from the first evaluation). */
  exports: Record<string, unknown>;
  /** Which export is the graph. */
  exportName: 'default' | 'graph';
  /** A builder (compiled by `build`) or an already compiled graph. */
  kind: UserGraphKind;
  /**
   * A compiled graph that saves to `checkpointer`. A builder is compiled with it; a compiled graph
   * comes from a fresh evaluation of the module (so two threads never share one instance) with
   * its `checkpointer` replaced. Throws `UserGraphError` if that fails.
   */
  build(checkpointer: unknown): Record<string, unknown>;
  /**
   * Positions anything thrown by user code (e.g. inside a node at run time) in the user's source.
   * Also takes error data that kept its stack (`{ name, message, stack }`, such as ErrorData).
   */
  mapError(err: unknown): UserCodeError;
  /** A stack trace with the module's frames at the user's lines and columns (other frames as they are). */
  mapStack(stack: string): string;
}

/** The result of `compileUserGraph`. */
export type CompileUserGraphResult = CompiledUserGraph | { ok: false; error: UserCodeError };

/** An Error carrying a `UserCodeError`, thrown by `build`. */
export class UserGraphError extends Error {
  override name = 'UserGraphError';
  constructor(readonly detail: UserCodeError) {
    super(detail.message);
  }
}

/** An Error, or error data that crossed a boundary (`{ name, message, stack }`, e.g. ErrorData). */
interface ErrorLike {
  name: string;
  message: string;
  stack?: string;
}

function isErrorLike(err: unknown): err is ErrorLike {
  if (err instanceof Error) return true;
  const e = err as Partial<ErrorLike> | null;
  return typeof e === 'object' && e !== null && typeof e.name === 'string' && typeof e.message === 'string';
}

/** Formats anything thrown as `Name: message`. */
function errorText(err: unknown): string {
  if (isErrorLike(err)) return `${err.name}: ${err.message}`;
  if (typeof err === 'string') return err;
  try {
    return `Thrown value: ${JSON.stringify(err)}`;
  } catch {
    return `Thrown value: ${String(err)}`;
  }
}

/** A runtime error positioned with the module's map (null position when no user frame is found). */
export function runtimeError(err: unknown, fileName: string, map: DecodedMappings, sourceLines?: readonly string[]): UserCodeError {
  const stack = isErrorLike(err) && typeof err.stack === 'string' ? err.stack : undefined;
  const pos = userPositionFromStack(stack, fileName, map, sourceLines);
  return { kind: 'runtime', message: errorText(err), line: pos?.line ?? null, column: pos?.column ?? null };
}

/**
 * Evaluation failures: `new Function` rejects some syntax sucrase lets through (top-level await, a
 * name declared twice…), with no position: it is found by compiling prefixes of `code`.
 */
function evaluationError(err: unknown, fileName: string, map: DecodedMappings, sourceLines: readonly string[], code: string): UserCodeError {
  if (err instanceof SyntaxError && !(err.stack ?? '').includes(fileName)) {
    const hint = /await/.test(err.message) ? ' (top-level await is not supported: move it into a node)' : '';
    const at = locateCompileError(code, err.message);
    const pos = at ? toSourcePosition(map, at.line, at.column, sourceLines) : null;
    return { kind: 'syntax', message: `${err.message}${hint}`, line: pos?.line ?? null, column: pos?.column ?? null };
  }
  return runtimeError(err, fileName, map, sourceLines);
}

/**
 * Compiles a user graph module.
 * @param source the user's TypeScript, importing from `replaygraph` (or `@langchain/langgraph`, …)
 * @param engine the engine's main entry point (`import * as engine from '../../engine'`)
 * @param options see `CompileOptions`
 */
export function compileUserGraph(source: string, engine: Record<string, unknown>, options: CompileOptions = {}): CompileUserGraphResult {
  const fileName = options.fileName ?? 'user-graph.ts';
  const transpiled = transpileUserSource(source, fileName);
  if (!transpiled.ok) return transpiled;
  const { code, map } = transpiled;
  const sourceLines = source.split('\n');
  const api = moduleTable(engine, options.modules);
  // An unknown module or a missing export is reported at the import, before anything runs.
  const importError = checkImports(scanImports(source), api);
  if (importError) return { ok: false, error: importError };

  let exports: Record<string, unknown>;
  try {
    exports = evaluateModule(code, fileName, api);
  } catch (err) {
    return { ok: false, error: evaluationError(err, fileName, map, sourceLines, code) };
  }
  const picked = pickGraphExport(exports);
  if (!picked.ok) {
    const pos = findExportPosition(source, picked.exportName);
    return { ok: false, error: { kind: 'shape', message: picked.message, line: pos?.line ?? null, column: pos?.column ?? null } };
  }
  const mapError = (err: unknown) => runtimeError(err, fileName, map, sourceLines);

  const build = (checkpointer: unknown): Record<string, unknown> => {
    try {
      if (picked.kind === 'builder') {
        const compile = picked.value.compile as (opts: unknown) => Record<string, unknown>;
        return compile.call(picked.value, { checkpointer });
      }
      const fresh = pickGraphExport(evaluateModule(code, fileName, api));
      if (!fresh.ok || fresh.kind !== 'compiled') throw new Error('The module exported something else on a second evaluation.');
      if (!('checkpointer' in fresh.value)) {
        throw new Error('This compiled graph has no `checkpointer` to replace: export the StateGraph builder instead.');
      }
      fresh.value.checkpointer = checkpointer;
      return fresh.value;
    } catch (err) {
      throw new UserGraphError(err instanceof UserGraphError ? err.detail : mapError(err));
    }
  };

  const mapStack = (stack: string) => mapUserStack(stack, fileName, map, sourceLines);
  return { ok: true, exports, exportName: picked.exportName, kind: picked.kind, build, mapError, mapStack };
}
