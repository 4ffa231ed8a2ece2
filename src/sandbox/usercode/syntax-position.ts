/**
 * Where a syntax error really is. Sucrase's parser (the transform's own) parses some constructs
 * twice: `(a) => {…}` is first read as a parenthesised expression, then again as an arrow, and a
 * failure inside the arrow's body makes it give up the arrow and report the error of the other
 * reading, at the function's header (`34:53` for a missing `}` on line 36). The parser records
 * each error it gives up in its state before restoring a snapshot; reading those, the furthest
 * error is where parsing really failed (every reading of the text reached it, the reported one
 * gave up earlier).
 *
 * A missing `}` is found by the parser only where the text runs out (or at the next thing that
 * cannot be in a block), often far below. When the braces do not balance, the block that lost
 * its `}` is the first whose closing brace is indented less than the line that opened it (the
 * `}` that closed it belonged to an outer block); it is reported at the end of its last line, once
 * a `}` put there is seen to let the parser get further.
 */
import { parse } from 'sucrase/dist/esm/parser/index.js';
import State, { type ParserError, type StateSnapshot } from 'sucrase/dist/esm/parser/tokenizer/state.js';
import { unclosedBrace } from './braces';
import type { SyntaxProblem } from './types';

/** Sucrase's message without its `(line:column)` suffix. */
const plainMessage = (message: string) => message.replace(/ \(\d+:\d+\)$/, '');

const problemOf = (err: ParserError): SyntaxProblem => ({ message: plainMessage(err.message), offset: err.pos ?? 0 });

/**
 * Parses `source` as the transform does (TypeScript, no JSX) and returns the error it reports and
 * the errors it gave up while backtracking. The parser is synchronous, so the recorder is in
 * place only for this one parse.
 */
function parseErrors(source: string): { reported: SyntaxProblem | null; abandoned: SyntaxProblem[] } {
  const abandoned: SyntaxProblem[] = [];
  const proto = State.prototype;
  const restore = proto.restoreFromSnapshot;
  proto.restoreFromSnapshot = function recordAbandoned(this: State, snapshot: StateSnapshot): void {
    if (this.error && this.error !== snapshot.error) abandoned.push(problemOf(this.error));
    restore.call(this, snapshot);
  };
  try {
    parse(source, false, true, false);
    return { reported: null, abandoned };
  } catch (err) {
    const e = err as ParserError;
    return { reported: typeof e.pos === 'number' ? problemOf(e) : null, abandoned };
  } finally {
    proto.restoreFromSnapshot = restore;
  }
}

/** The furthest error of `source` (where parsing really failed), or null when it parses. */
function furthestError(source: string): SyntaxProblem | null {
  const { reported, abandoned } = parseErrors(source);
  if (!reported) return null;
  let furthest = reported;
  for (const p of abandoned) if (p.offset > furthest.offset) furthest = p;
  return furthest;
}

/**
 * The real position of the syntax error in `source`, or null when the parser finds none (or
 * throws something that is not a positioned parse error). A missing `}` found from the braces is
 * reported only when putting one there lets the parser get further: a brace the scan misread
 * (in an odd regular expression, say) never hides the parser's own report.
 */
export function locateSyntaxError(source: string): SyntaxProblem | null {
  const furthest = furthestError(source);
  if (!furthest) return null;
  const brace = unclosedBrace(source);
  if (!brace || brace.offset > furthest.offset) return furthest;
  const mended = furthestError(`${source.slice(0, brace.offset)}}${source.slice(brace.offset)}`);
  return mended === null || mended.offset > furthest.offset + 1 ? brace : furthest;
}
