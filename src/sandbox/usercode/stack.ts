/**
 * Reading positions out of stack traces. The transpiled module is evaluated with
 * `//# sourceURL=<fileName>`, so every frame that runs user code names that file with the line and
 * column inside the evaluated function's source. `new Function` puts a header of its own before the
 * body; how many lines it takes is measured once on this runtime instead of assumed.
 */
import { toSourcePosition, type DecodedMappings } from './source-map';

const PROBE_FILE = 'rg-usercode-probe.ts';

let headerLines: number | undefined;
let asyncHeaderLines: number | undefined;

/** How a body is evaluated: `new Function` (a module) or the AsyncFunction constructor (a program). */
export type BodyKind = 'sync' | 'async';

/** The AsyncFunction constructor (not a global: reached through an async function's prototype). */
export const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as FunctionConstructor;

/**
 * How many lines `new Function(params, body)` (or the AsyncFunction constructor, for `async`) puts
 * before the body's first line (2 in V8 and SpiderMonkey). Measured by reading the frame of an error
 * made on a one-line body.
 */
export function functionHeaderLines(kind: BodyKind = 'sync'): number {
  if (kind === 'sync' && headerLines !== undefined) return headerLines;
  if (kind === 'async' && asyncHeaderLines !== undefined) return asyncHeaderLines;
  const Ctor = kind === 'sync' ? Function : AsyncFunction;
  const probe = new Ctor('require', 'module', 'exports', `exports.stack = new Error('probe').stack;\n//# sourceURL=${PROBE_FILE}-${kind}`);
  // Both kinds run the line synchronously (an async function runs until its first await).
  const box: { stack?: string } = {};
  void probe(undefined, undefined, box);
  const stack = String(box.stack ?? '');
  const frame = findFrame(stack, `${PROBE_FILE}-${kind}`);
  const lines = frame ? frame.line - 1 : 2;
  if (kind === 'sync') headerLines = lines;
  else asyncHeaderLines = lines;
  return lines;
}

/** A position in a stack frame (1-based). */
export interface FramePosition {
  line: number;
  column: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first (innermost) frame of `stack` that names `fileName`, or undefined.
 * Matches V8 (`at f (user-graph.ts:3:7)`) and SpiderMonkey/JSC (`f@user-graph.ts:3:7`) frames.
 */
export function findFrame(stack: string, fileName: string): FramePosition | undefined {
  const re = new RegExp(`(?:^|[\\s(@/])${escapeRegExp(fileName)}:(\\d+):(\\d+)`, 'm');
  const m = re.exec(stack);
  if (!m) return undefined;
  return { line: Number(m[1]), column: Number(m[2]) };
}

/**
 * The user's source position of the innermost user-code frame of `stack`.
 * @param stack an Error's `stack`
 * @param fileName the sourceURL the module was evaluated with
 * @param map the transpiler's decoded mappings
 * @param sourceLines the user's source by line (pins positions in transpiler-added code)
 * @param kind how the body was evaluated (its header's lines differ)
 */
export function userPositionFromStack(
  stack: string | undefined,
  fileName: string,
  map: DecodedMappings,
  sourceLines?: readonly string[],
  kind: BodyKind = 'sync',
): FramePosition | undefined {
  if (!stack) return undefined;
  const frame = findFrame(stack, fileName);
  if (!frame) return undefined;
  const generatedLine = frame.line - functionHeaderLines(kind);
  if (generatedLine < 1) return undefined;
  return toSourcePosition(map, generatedLine, frame.column, sourceLines);
}

/**
 * `stack` with every frame of the user's module (`fileName:line:column`) rewritten to the user's
 * own line and column, so the whole chain of calls reads in the source as written; other frames
 * (the engine, libraries) are kept as they are.
 * @param sourceLines the user's source by line (pins positions in transpiler-added code)
 */
export function mapUserStack(stack: string, fileName: string, map: DecodedMappings, sourceLines?: readonly string[]): string {
  const frame = new RegExp(`(?<=^|[\\s(@/])${escapeRegExp(fileName)}:(\\d+):(\\d+)`, 'gm');
  return stack.replace(frame, (whole, line: string, column: string) => {
    const generatedLine = Number(line) - functionHeaderLines();
    if (generatedLine < 1) return whole;
    const at = toSourcePosition(map, generatedLine, Number(column), sourceLines);
    return `${fileName}:${at.line}:${at.column}`;
  });
}
