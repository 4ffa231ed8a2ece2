/**
 * Syntax the transpiler lets through and the JavaScript engine rejects (with no position of its
 * own) is reported at its line and column: found by compiling prefixes of the module.
 */
import { describe, expect, it } from 'vitest';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import { positionOf } from './position-of';

const HEAD = 'import { Annotation, START, StateGraph } from "@langchain/langgraph";\nconst State = Annotation.Root({ n: Annotation<number>() });\n';
const TAIL = '\nexport default new StateGraph(State).addNode("a", () => ({ n: 1 })).addEdge(START, "a");\n';

function syntaxError(body: string) {
  const source = `${HEAD}${body}${TAIL}`;
  const r = compileUserModule('user:engine-syntax', source);
  if (r.ok) throw new Error('expected an error');
  expect(r.error.kind).toBe('syntax');
  return { source, error: r.error };
}

describe('syntax errors only the JavaScript engine finds', () => {
  it('a name declared twice, at the second declaration, inside an arrow body', () => {
    const { source, error } = syntaxError('const node = (s: typeof State.State) => {\n  const total: number = s.n;\n  const total = 2;\n  return { n: total };\n};');
    expect(error.message).toBe("Identifier 'total' has already been declared");
    expect({ line: error.line, column: error.column }).toEqual(positionOf(source, 'total = 2'));
  });

  it('`await` in a function that is not async, at its line', () => {
    const { source, error } = syntaxError('function load(): number {\n  const v = await Promise.resolve(1);\n  return v;\n}');
    expect(error.message).toMatch(/^await is only valid in async functions/);
    expect(error.line).toBe(positionOf(source, 'await Promise').line);
  });

  it('a malformed regular expression, at the expression', () => {
    const { source, error } = syntaxError('const words = (t: string) => t.split(/(\\s+/);');
    expect(error.message).toMatch(/^Invalid regular expression/);
    expect({ line: error.line, column: error.column }).toEqual(positionOf(source, '/(\\s+/'));
  });
});
