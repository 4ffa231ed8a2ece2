/**
 * Reading positions out of stack traces. The transpiled module is evaluated with
 * `//# sourceURL=<fileName>`, so every frame that runs user code names that file with the line and
 * column inside the evaluated function's source. `new Function` puts a header of its own before the
 * body; how many lines it takes is measured once on this runtime instead of assumed.
 */
import { toSourcePosition, type DecodedMappings } from './source-map';

const PROBE_FILE = 'rg-usercode-probe.ts';

let headerLines: number | undefined;

/**
 * How many lines `new Function(params, body)` puts before the body's first line (2 in V8 and
 * SpiderMonkey). Measured by throwing from a one-line body and reading the frame.
 */
export function functionHeaderLines(): number {
  if (headerLines !== undefined) return headerLines;
  const probe = new Function('require', 'module', 'exports', `return new Error('probe').stack;\n//# sourceURL=${PROBE_FILE}`);
  const stack = String(probe(undefined, undefined, undefined) ?? '');
  const frame = findFrame(stack, PROBE_FILE);
  headerLines = frame ? frame.line - 1 : 2;
  return headerLines;
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
 */
export function userPositionFromStack(
  stack: string | undefined,
  fileName: string,
  map: DecodedMappings,
  sourceLines?: readonly string[],
): FramePosition | undefined {
  if (!stack) return undefined;
  const frame = findFrame(stack, fileName);
  if (!frame) return undefined;
  const generatedLine = frame.line - functionHeaderLines();
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
