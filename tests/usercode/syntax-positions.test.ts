/**
 * Syntax errors at their real line and column, also inside arrow bodies and nested functions
 * (where sucrase, reading an arrow function twice, reported the function's header). The reference
 * for a misplaced token is TypeScript's own parser: the position of its first syntax diagnostic.
 * A missing `}` is reported where the block that lost it ends (TypeScript says "'}' expected" only
 * where the file ends), and an unclosed string at its opening quote.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import { transpileUserSource } from '../../src/sandbox/usercode/transpile';
import { positionOf } from './position-of';

/** TypeScript's first syntax error in `source`, 1-based. */
function typescriptPosition(source: string): { line: number; column: number } {
  const file = ts.createSourceFile('graph.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const first = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics[0];
  if (!first || first.start === undefined) throw new Error('TypeScript finds no syntax error');
  const at = file.getLineAndCharacterOfPosition(first.start);
  return { line: at.line + 1, column: at.character + 1 };
}

function syntaxError(source: string) {
  const r = transpileUserSource(source, 'graph.ts');
  if (r.ok) throw new Error('expected a syntax error');
  expect(r.error.kind).toBe('syntax');
  return r.error;
}

const at = (e: { line: number | null; column: number | null }) => ({ line: e.line, column: e.column });

/** The position just past the last non-blank character of 1-based `line`. */
function endOfLine(source: string, line: number): { line: number; column: number } {
  return { line, column: source.split('\n')[line - 1]!.trimEnd().length + 1 };
}

const TOKEN_CASES: Record<string, string> = {
  'a bad token in an arrow body': `const f = (a: number) => {\n  const x = a +* 2;\n  return x;\n};\n`,
  'a bad token in an async arrow passed to a call': `graph.addNode("n", async (state: { n: number }) => {\n  const v = await fetchIt(state.n;\n  return { n: v };\n});\n`,
  'a bad token in a nested function': `function outer() {\n  function inner() {\n    let y = 1 2;\n  }\n  return inner;\n}\n`,
  'a bad token in an arrow inside an arrow': `const add = (x: number) => (y: number) => {\n  return x + y +;\n};\n`,
  'a bad token in a generic arrow (no JSX, so `<T,>`)': `const id = <T,>(x: T): T => {\n  return x +;\n};\n`,
  'a bad token in a constrained generic arrow': `export const pick = <T extends object, K extends keyof T>(o: T, k: K): T[K] => {\n  const v = o[k] ]\n  return v;\n};\n`,
  'a bad token three arrows deep': `const a = () => {\n  const b = () => {\n    const c = () => {\n      return 1 +* 1;\n    };\n  };\n};\n`,
  'a stray parenthesis after a template literal in an arrow': 'const f = (x: string) => {\n  const s = `a ${x} b`;\n  return s );\n};\n',
  'a bad token in an object method inside an arrow': `const make = () => ({\n  run(n: number) {\n    return n ** ;\n  },\n});\n`,
  'a bad token in a class method': `class Agent {\n  private n = 0;\n  step(s: string): string {\n    this.n += * 2;\n    return s;\n  }\n}\n`,
  'an error after valid generic and async arrows': `const ok = <T,>(x: T) => x;\nconst later = async (s: unknown) => s;\nconst broken = 1 +;\n`,
};

describe('syntax errors at their real position', () => {
  it.each(Object.entries(TOKEN_CASES))('%s: where TypeScript puts it', (_name, source) => {
    expect(at(syntaxError(source))).toEqual(typescriptPosition(source));
  });

  it('an unclosed string at its opening quote, not where the file ends', () => {
    const source = `const f = (a: string) => {\n  const s = "abc;\n  return s;\n};\n`;
    const e = syntaxError(source);
    expect(e.message).toBe('Unterminated string constant');
    expect(at(e)).toEqual(positionOf(source, '"abc'));
  });

  it('a missing `}` in an arrow body at the end of the block that lost it, not at the arrow', () => {
    const source = [
      'import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";',
      'const agent = async (state: typeof MessagesAnnotation.State) => {',
      '  if (state.messages.length > 3) {',
      '    return { messages: [] };',
      '',
      '  return { messages: [] };',
      '};',
      'export default new StateGraph(MessagesAnnotation).addNode("agent", agent).addEdge("__start__", "agent");',
      '',
    ].join('\n');
    const e = syntaxError(source);
    expect(at(e)).toEqual(endOfLine(source, 4));
    expect(e.message).toBe('Missing `}`: the `{` at line 3, column 34 is never closed');
    expect(positionOf(source, '{\n    return')).toEqual({ line: 3, column: 34 });
  });

  it('a missing `}` of an else branch, between two methods of a class', () => {
    const source = `class A {\n  m(x: boolean) {\n    if (x) {\n      one();\n    } else {\n      two();\n\n  }\n  n() {\n    return 2;\n  }\n}\n`;
    const e = syntaxError(source);
    expect(at(e)).toEqual(endOfLine(source, 6));
    expect(e.message).toContain('line 5, column 12');
  });

  it('a block left open at the end of the file at its last line', () => {
    const source = `function f() {\n  return 1;\n`;
    expect(at(syntaxError(source))).toEqual(endOfLine(source, 2));
  });

  it('braces inside strings, templates, comments and regular expressions do not count', () => {
    const source = [
      'const f = (x: string) => {',
      '  const a = "{"; const b = `${x}}{`; // {',
      '  /* { */ const r = /[{]/.test(x);',
      '  if (r) {',
      '    return a + b;',
      '  return "";',
      '};',
      '',
    ].join('\n');
    expect(at(syntaxError(source))).toEqual(endOfLine(source, 5));
  });

  it('a brace misread by the scan (a division after `++` taken for a regular expression) never hides the real error', () => {
    const source = `function f(n: number) {\n  const q = n++ / 2; }\nconst z = 1 / 2;\nconst bad = z +;\n`;
    expect(at(syntaxError(source))).toEqual(typescriptPosition(source));
  });

  it('an error on an earlier line is reported before a brace missing further down', () => {
    const source = `const a = 1 +;\nfunction f() {\n  if (a) {\n    return 1;\n  return 2;\n}\n`;
    expect(at(syntaxError(source))).toEqual(typescriptPosition(source));
  });

  it('a graph module in the editor: the error is reported at its line, not at the node function header', () => {
    const source = [
      'import { StateGraph, Annotation, START } from "@langchain/langgraph";',
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'const node = (state: typeof State.State) => {',
      '  const next = state.n + ;',
      '  return { n: next };',
      '};',
      'export default new StateGraph(State).addNode("node", node).addEdge(START, "node");',
    ].join('\n');
    const r = compileUserModule('user:syntax', source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect({ kind: r.error.kind, ...at(r.error) }).toEqual({ kind: 'syntax', ...typescriptPosition(source) });
    expect(r.error.line).toBe(4);
  });
});
