/**
 * Where the JavaScript engine rejects a transpiled module that sucrase accepted: a name declared
 * twice, `await` in a function that is not async, a malformed regular expression… `new Function`
 * throws a SyntaxError with no position. The error is found by compiling (never running) a prefix
 * of the module cut after one token and closed with the brackets still open: the first token
 * whose prefix fails with the same message is where the engine found it. Cut before it, the
 * offending code is not there; cut after it, the engine reports it before the cut, since it
 * reports the first error in the text. A binary search over the tokens needs a dozen compiles.
 */
import { parse, type SucraseToken } from 'sucrase/dist/esm/parser/index.js';
import { TokenType as tt } from 'sucrase/dist/esm/parser/tokenizer/types.js';

/** Compiles a module body as the evaluator does, throwing what the engine throws. */
export type CompileBody = (body: string) => void;

const compileAsFunction: CompileBody = (body) => {
  new Function('require', 'module', 'exports', body);
};

const CLOSER = new Map<number, string>([[tt.braceL, '}'], [tt.parenL, ')'], [tt.bracketL, ']'], [tt.dollarBraceL, '}'], [tt.backQuote, '`']]);

/** `code` up to the end of token `last`, followed by the closers of what is still open there. */
function closedPrefix(code: string, tokens: readonly SucraseToken[], last: number): string {
  const open: number[] = [];
  for (let i = 0; i <= last; i++) {
    const type = tokens[i]!.type;
    if (type === tt.backQuote && open[open.length - 1] === tt.backQuote) open.pop();
    else if (CLOSER.has(type)) open.push(type);
    else if (type === tt.braceR || type === tt.parenR || type === tt.bracketR) open.pop();
  }
  return code.slice(0, tokens[last]!.end) + open.reverse().map((t) => CLOSER.get(t)!).join('');
}

function failsWith(body: string, message: string, compile: CompileBody): boolean {
  try {
    compile(body);
    return false;
  } catch (err) {
    return err instanceof SyntaxError && err.message === message;
  }
}

/**
 * The 1-based line and column in `code` of the token at which the engine reports `message`, or
 * null when it cannot be found (the code does not tokenise, or the error does not come back).
 * @param compile how the evaluator compiles a body (defaults to `new Function` with its parameters)
 */
export function locateCompileError(code: string, message: string, compile: CompileBody = compileAsFunction): { line: number; column: number } | null {
  let tokens: SucraseToken[];
  try {
    tokens = parse(code, false, false, false).tokens.filter((t) => t.type !== tt.eof);
  } catch {
    return null;
  }
  if (tokens.length === 0 || !failsWith(code, message, compile)) return null;
  let lo = 0;
  let hi = tokens.length - 1;
  if (!failsWith(closedPrefix(code, tokens, hi), message, compile)) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsWith(closedPrefix(code, tokens, mid), message, compile)) hi = mid;
    else lo = mid + 1;
  }
  const offset = tokens[lo]!.start;
  const before = code.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
