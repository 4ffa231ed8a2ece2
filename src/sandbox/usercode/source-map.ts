/**
 * A tiny reader for the source maps sucrase produces (version 3, one source, no names). Sucrase keeps
 * every line where it was, but removing type annotations and rewriting imports moves columns; its
 * map records where each token came from, which is what turns a stack frame's column back into the
 * user's column.
 */

/** One mapping segment on a generated line: generated column → source column (both 0-based). */
export interface Segment {
  generatedColumn: number;
  sourceLine: number;
  sourceColumn: number;
}

/** Decoded mappings: index = generated line (0-based), each line's segments sorted by column. */
export type DecodedMappings = Segment[][];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((ch, i) => [ch, i] as const));

/** Decodes one base64-VLQ field list (`"AAAA"` → `[0,0,0,0]`). */
export function decodeVlqFields(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = DIGIT.get(ch);
    if (digit === undefined) throw new Error(`Invalid base64-VLQ character "${ch}" in a source map.`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    // The lowest bit is the sign.
    out.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return out;
}

/**
 * Decodes a v3 `mappings` string. Fields are deltas: the generated column restarts on each line,
 * the source line and column carry on across lines.
 */
export function decodeMappings(mappings: string): DecodedMappings {
  const lines: DecodedMappings = [];
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let generatedColumn = 0;
    for (const segText of lineText.split(',')) {
      if (segText === '') continue;
      const fields = decodeVlqFields(segText);
      generatedColumn += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceLine += fields[2] ?? 0;
        sourceColumn += fields[3] ?? 0;
        segments.push({ generatedColumn, sourceLine, sourceColumn });
      }
    }
    segments.sort((a, b) => a.generatedColumn - b.generatedColumn);
    lines.push(segments);
  }
  return lines;
}

/**
 * Maps a generated position (1-based line and column, as stack traces print them) to the source
 * position (1-based). Within a token the offset is kept; a line with no segments maps to itself
 * (sucrase never moves lines).
 *
 * Code the transpiler adds has no segment of its own (e.g. the `require` calls it appends to the
 * first line for the imports): carrying the offset from the last token before it would point past
 * the end of the user's line ("column 91" of a 73-character line). Given the source's lines, such a
 * position is pinned to the start of that token instead.
 * @param sourceLines the user's source split on `\n` (optional; without it no position is pinned)
 */
export function toSourcePosition(
  map: DecodedMappings,
  line: number,
  column: number,
  sourceLines?: readonly string[],
): { line: number; column: number } {
  const segments = map[line - 1];
  const col0 = column - 1;
  const lengthOf = (l: number) => sourceLines?.[l - 1]?.length;
  if (!segments || segments.length === 0) {
    const len = lengthOf(line);
    return { line, column: len !== undefined && column > len + 1 ? 1 : column };
  }
  let best: Segment | undefined;
  for (const seg of segments) {
    if (seg.generatedColumn <= col0) best = seg;
    else break;
  }
  if (!best) return { line: segments[0]!.sourceLine + 1, column: 1 };
  const sourceLine = best.sourceLine + 1;
  const carried = best.sourceColumn + (col0 - best.generatedColumn) + 1;
  const len = lengthOf(sourceLine);
  return { line: sourceLine, column: len !== undefined && carried > len + 1 ? best.sourceColumn + 1 : carried };
}
