/**
 * A user's program, run as written: a TypeScript script that builds graphs and calls them at its
 * top level (`await graph.invoke(…)`, `for await (… of await graph.stream(…))`), with any exports
 * or none. Transpiled like a graph module (transpile.ts), its imports checked first, then evaluated
 * as the body of an async function (the AsyncFunction constructor), so top-level `await` and
 * `for await` work; stack frames keep the user's lines (stack.ts measures the async header).
 *
 * The program's `console` is its own: every call is a `ConsoleLine` with the source line of the call.
 * Its `process` is minimal: `env` answers from the settings given (never the page's environment),
 * plus `argv`, `platform`, `nextTick`, `cwd` and `exit`. The program ends when its top level settles;
 * an uncaught error ends it with the error at its line. Worker-only: nothing here touches the DOM.
 */
import { scanImports } from './imports';
import { checkImports, type ModuleTable } from './modules';
import { AsyncFunction, userPositionFromStack, type FramePosition } from './stack';
import { transpileUserSource } from './transpile';
import { formatConsoleArgs } from './console-format';
import type { UserCodeError } from './types';
import { runtimeError } from './compile';

/** The console methods a program may call. */
export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

/** One console call of a program. */
export interface ConsoleLine {
  level: ConsoleLevel;
  /** The arguments formatted as Node's `util.format` does (see console-format.ts). */
  text: string;
  /** The source line of the call (1-based), null when the call is not in the program's code. */
  line: number | null;
}

/** Options of `compileProgram`. */
export interface ProgramOptions {
  /** Module name → its exports (`moduleTable` of modules.ts). */
  modules: ModuleTable;
  /** What `process.env` answers (a copy is taken). @default {} */
  env?: Readonly<Record<string, string>>;
  /** Receives every console call, in order. */
  onConsole(line: ConsoleLine): void;
  /** @default 'user-program.ts' */
  fileName?: string;
}

/** How a program ended. */
export type ProgramResult = { ok: true; exports: Record<string, unknown> } | { ok: false; error: UserCodeError };

/** A program ready to run. */
export interface CompiledProgram {
  ok: true;
  /** Runs the program's top level; settles when it did. Never rejects. */
  run(): Promise<ProgramResult>;
  /** The program's source position of the innermost program frame of `stack`. */
  positionOf(stack: string | undefined): FramePosition | undefined;
  /** The program's source by line. */
  sourceLines: readonly string[];
}

/** `process.exit()` called by the program: it ends, as Node's would. */
class ProgramExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

function programProcess(env: Readonly<Record<string, string>>, fileName: string): object {
  const envTable: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(env)) envTable[k] = String(v);
  return Object.freeze({
    env: Object.freeze(envTable),
    argv: Object.freeze(['node', fileName]),
    platform: 'browser',
    versions: Object.freeze({}),
    cwd: () => '/',
    nextTick: (fn: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => fn(...args)),
    exit: (code: unknown = 0) => {
      throw new ProgramExit(Number(code) || 0);
    },
  });
}

/**
 * Compiles a program: transpiles it, checks its imports, and makes its body an async function.
 * Nothing of the program runs until `run`.
 */
export function compileProgram(source: string, options: ProgramOptions): CompiledProgram | { ok: false; error: UserCodeError } {
  const fileName = options.fileName ?? 'user-program.ts';
  const transpiled = transpileUserSource(source, fileName);
  if (!transpiled.ok) return transpiled;
  const { code, map } = transpiled;
  const sourceLines = source.split('\n');
  const importError = checkImports(scanImports(source), options.modules);
  if (importError) return { ok: false, error: importError };
  let body: (...args: unknown[]) => Promise<unknown>;
  try {
    body = new AsyncFunction('require', 'module', 'exports', 'console', 'process', `${code}\n//# sourceURL=${fileName}`) as typeof body;
  } catch (err) {
    const message = err instanceof Error ? `${err.message}` : String(err);
    return { ok: false, error: { kind: 'syntax', message, line: null, column: null } };
  }
  const positionOf = (stack: string | undefined) => userPositionFromStack(stack, fileName, map, sourceLines, 'async');

  const programConsole = Object.freeze(Object.fromEntries(CONSOLE_LEVELS.map((level) => [level, (...args: unknown[]) => {
    const line = positionOf(new Error().stack)?.line ?? null;
    options.onConsole({ level, text: formatConsoleArgs(args), line });
  }])));

  const run = async (): Promise<ProgramResult> => {
    const modules = options.modules;
    const requireFn = (name: unknown): unknown => {
      const key = String(name);
      if (Object.hasOwn(modules, key)) return modules[key];
      throw new Error(`\`${key}\` is not available in replaygraph.`);
    };
    const module = { exports: {} as Record<string, unknown> };
    try {
      await body(requireFn, module, module.exports, programConsole, programProcess(options.env ?? {}, fileName));
      return { ok: true, exports: module.exports };
    } catch (err) {
      if (err instanceof ProgramExit) {
        return err.code === 0 ? { ok: true, exports: module.exports } : { ok: false, error: { kind: 'runtime', message: `The program exited with code ${err.code}.`, line: positionOf(err.stack)?.line ?? null, column: null } };
      }
      return { ok: false, error: programError(err, fileName, positionOf) };
    }
  };
  return { ok: true, run, positionOf, sourceLines };
}

function programError(err: unknown, fileName: string, positionOf: (stack: string | undefined) => FramePosition | undefined): UserCodeError {
  // Text as compile.ts makes it; the position from the async body's frames.
  const e = runtimeError(err, fileName, []);
  const stack = typeof (err as { stack?: unknown } | null)?.stack === 'string' ? (err as { stack: string }).stack : undefined;
  const pos = positionOf(stack);
  return { ...e, line: pos?.line ?? null, column: pos?.column ?? null };
}

/**
 * Runs a program's source and returns what it printed, one string per console call, in order, and
 * the uncaught error that ended it (null when it ran to its end). For comparing a program's output
 * with the same program under Node.
 * @param source the program's TypeScript
 * @param modules what its imports resolve to (`moduleTable` of modules.ts)
 * @param env what `process.env` answers
 */
export async function programConsoleLines(source: string, modules: ModuleTable, env: Readonly<Record<string, string>> = {}): Promise<{ lines: string[]; error: UserCodeError | null }> {
  const lines: string[] = [];
  const compiled = compileProgram(source, { modules, env, onConsole: (l) => lines.push(l.text) });
  if (!compiled.ok) return { lines, error: compiled.error };
  const result = await compiled.run();
  return { lines, error: result.ok ? null : result.error };
}
