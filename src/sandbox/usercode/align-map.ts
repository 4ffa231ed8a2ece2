/**
 * The column map of a transpiled module, made by matching tokens line by line. Sucrase keeps every
 * line where it was, so a generated line's tokens come from the same source line; what differs is
 * what the transform removed (type annotations) or added (`_module.` before an imported name,
 * `exports.` before an exported one, the `require` calls on the first line). The longest common
 * run of equal token texts pairs them up.
 *
 * Why not sucrase's own source map: it pairs tokens with source columns by walking the source
 * one character at a time and takes one token per character, so an empty token (the empty text
 * chunk of a template literal that ends in `${…}`, as in `\`Hello ${name}\``) puts it one token
 * behind for the rest of the file, and every column after it is wrong.
 */
import { parse, type SucraseToken } from 'sucrase/dist/esm/parser/index.js';
import type { DecodedMappings, Segment } from './source-map';

/** Tokens with their text, grouped by 0-based line. */
function tokensByLine(text: string, tokens: readonly SucraseToken[]): { start: number; column: number; text: string }[][] {
  const lines: { start: number; column: number; text: string }[][] = [];
  let line = 0;
  let lineStart = 0;
  let scanned = 0;
  for (const t of tokens) {
    if (t.end <= t.start || t.isType) continue;
    for (; scanned < t.start; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++;
        lineStart = scanned + 1;
      }
    }
    (lines[line] ??= []).push({ start: t.start, column: t.start - lineStart, text: text.slice(t.start, t.end) });
  }
  return lines;
}

/** Past this many cells, a line is matched greedily (a minified line would need a table of gigabytes). */
const MAX_TABLE = 1 << 21;

/** Pairs equal tokens in order, each generated token with the next equal source token a few tokens on. */
function greedyPairs(a: readonly string[], b: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    for (let k = j; k < Math.min(b.length, j + 8); k++) {
      if (a[i] !== b[k]) continue;
      pairs.push([i, k]);
      j = k + 1;
      break;
    }
  }
  return pairs;
}

/** Index pairs of the longest common subsequence of two token-text lists. */
function commonTokens(a: readonly string[], b: readonly string[]): [number, number][] {
  if ((a.length + 1) * (b.length + 1) > MAX_TABLE) return greedyPairs(a, b);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const len = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      len[i * cols + j] = a[i] === b[j] ? len[(i + 1) * cols + j + 1]! + 1 : Math.max(len[(i + 1) * cols + j]!, len[i * cols + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (len[(i + 1) * cols + j]! >= len[i * cols + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * Mappings (generated line → segments) from `code`, the transpiled `source`, to `source`; null
 * when either does not tokenise (the caller keeps the transpiler's own map then).
 */
export function alignedMappings(source: string, code: string): DecodedMappings | null {
  let sourceLines;
  let codeLines;
  try {
    sourceLines = tokensByLine(source, parse(source, false, true, false).tokens);
    codeLines = tokensByLine(code, parse(code, false, false, false).tokens);
  } catch {
    return null;
  }
  const lineCount = code.split('\n').length;
  const map: DecodedMappings = [];
  for (let line = 0; line < lineCount; line++) {
    const generated = codeLines[line] ?? [];
    const original = sourceLines[line] ?? [];
    const segments: Segment[] = [];
    // Tokens the transform added (before the first match) start at the line's start.
    if (generated.length > 0) segments.push({ generatedColumn: 0, sourceLine: line, sourceColumn: 0 });
    for (const [g, s] of commonTokens(generated.map((t) => t.text), original.map((t) => t.text))) {
      segments.push({ generatedColumn: generated[g]!.column, sourceLine: line, sourceColumn: original[s]!.column });
    }
    map.push(segments);
  }
  return map;
}
