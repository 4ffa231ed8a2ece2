/**
 * Which block lost its closing `}`, read from the braces and the indentation of a source that
 * does not parse. A parser meets a missing `}` only where the text runs out, so on its own it
 * points far below the mistake. Here: brackets are matched outside comments, strings, template
 * text and regular expressions; when every bracket but some `{` is matched, the block that lost
 * its `}` is the first whose `}` (the first thing on its line) is indented less than the line
 * that opened it, since that `}` was written for an outer block; with none such, the innermost
 * block still open. The `}` belongs after the block's last line, the line before the first line
 * indented no deeper than the line that opened it.
 */
import type { SyntaxProblem } from './types';

interface Opener {
  ch: '{' | '(' | '[' | '${';
  offset: number;
  line: number;
  indent: number;
}

const CLOSER_OF: Readonly<Record<string, Opener['ch']>> = { ')': '(', ']': '[' };

/** After these characters a `/` starts a regular expression (elsewhere it divides). */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/** The scanner's view of the source: lines, their indentation where a line starts with code. */
class Scan {
  readonly lineStarts: number[] = [0];
  /** Line (1-based) → indentation, for lines whose first character is code (not comment or string). */
  readonly codeIndent = new Map<number, number>();
  private lastCode = -1;

  constructor(readonly source: string) {}

  line(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  column(offset: number): number {
    return offset - this.lineStarts[this.line(offset) - 1]! + 1;
  }

  /** Indentation of the line holding `offset`. */
  indentAt(offset: number): number {
    const start = this.lineStarts[this.line(offset) - 1]!;
    let i = start;
    while (this.source[i] === ' ' || this.source[i] === '\t') i++;
    return i - start;
  }

  /** True when nothing but indentation precedes `offset` on its line. */
  firstOnLine(offset: number): boolean {
    return this.indentAt(offset) === offset - this.lineStarts[this.line(offset) - 1]!;
  }

  /** Notes code at `offset` (its line's indentation, the last code character for `/`). */
  code(offset: number): void {
    const line = this.line(offset);
    if (!this.codeIndent.has(line) && this.firstOnLine(offset)) this.codeIndent.set(line, this.indentAt(offset));
    this.lastCode = offset;
  }

  /** Whether a `/` at `offset` starts a regular expression. */
  regexAllowed(): boolean {
    if (this.lastCode < 0) return true;
    const ch = this.source[this.lastCode]!;
    if (BEFORE_REGEX.has(ch)) return true;
    return /[\w$]/.test(ch) && KEYWORDS_BEFORE_REGEX.test(this.source.slice(Math.max(0, this.lastCode - 10), this.lastCode + 1));
  }
}

/** Offset just past a quoted string starting at `i` (an unterminated one ends at its line). */
function skipString(s: string, i: number): number {
  const quote = s[i];
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === quote || s[j] === '\n') return j + 1;
  }
  return s.length;
}

/** Offset just past a regular expression literal starting at `i`. */
function skipRegex(s: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '\n') return j;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      j++;
      while (j < s.length && /[a-z]/i.test(s[j]!)) j++;
      return j;
    }
  }
  return s.length;
}

/** From inside template text at `i`: the offset of its closing backquote + 1, or of the `${` that interrupts it. */
function skipTemplateText(s: string, i: number): { end: number; interpolation: boolean } {
  for (let j = i; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '`') return { end: j + 1, interpolation: false };
    else if (s[j] === '$' && s[j + 1] === '{') return { end: j + 2, interpolation: true };
  }
  return { end: s.length, interpolation: false };
}

/**
 * The `{` whose `}` is missing, as a problem at the end of the block's last line; null when the
 * brackets balance or something else is wrong with them (left to the parser's report).
 */
export function unclosedBrace(source: string): SyntaxProblem | null {
  const scan = new Scan(source);
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) scan.lineStarts.push(i + 1);
  const stack: Opener[] = [];
  let suspect: Opener | undefined;
  const open = (ch: Opener['ch'], offset: number) => stack.push({ ch, offset, line: scan.line(offset), indent: scan.indentAt(offset) });
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? source.length : nl;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'") {
      scan.code(i);
      i = skipString(source, i);
    } else if (c === '`') {
      scan.code(i);
      const t = skipTemplateText(source, i + 1);
      if (t.interpolation) open('${', t.end - 2);
      i = t.end;
    } else if (c === '/' && scan.regexAllowed()) {
      scan.code(i);
      i = skipRegex(source, i);
    } else if (/\s/.test(c)) {
      i++;
    } else {
      scan.code(i);
      if (c === '{' || c === '(' || c === '[') open(c, i);
      else if (c === '}') {
        const top = stack.pop();
        if (!top || top.ch === '(' || top.ch === '[') return null;
        if (top.ch === '${') {
          const t = skipTemplateText(source, i + 1);
          if (t.interpolation) open('${', t.end - 2);
          i = t.end;
          continue;
        }
        if (!suspect && scan.firstOnLine(i) && scan.indentAt(i) < top.indent) suspect = top;
      } else if (c === ')' || c === ']') {
        if (stack.pop()?.ch !== CLOSER_OF[c]) return null;
      }
      i++;
    }
  }
  if (stack.length === 0 || stack.some((o) => o.ch !== '{')) return null;
  const block = suspect ?? stack[stack.length - 1]!;
  return { message: missingBraceMessage(block, scan), offset: blockEnd(block, scan) };
}

/** The offset just past the last code of the block `opener` opened (its lines as indented). */
function blockEnd(opener: Opener, scan: Scan): number {
  let last = opener.line;
  for (const [line, indent] of [...scan.codeIndent].sort((a, b) => a[0] - b[0])) {
    if (line <= opener.line) continue;
    if (indent <= opener.indent) break;
    last = line;
  }
  const start = scan.lineStarts[last - 1]!;
  const nl = scan.source.indexOf('\n', start);
  const text = scan.source.slice(start, nl < 0 ? scan.source.length : nl);
  return start + text.trimEnd().length;
}

function missingBraceMessage(opener: Opener, scan: Scan): string {
  return `Missing \`}\`: the \`{\` at line ${opener.line}, column ${scan.column(opener.offset)} is never closed`;
}
