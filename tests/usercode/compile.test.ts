import { describe, expect, it } from 'vitest';
import { compileUserGraph, UserGraphError, type CompiledUserGraph } from '../../src/sandbox/usercode';
import { FakeCompiled, fakeEngine } from './fake-engine';
import { positionOf } from './position-of';

function compiled(source: string): CompiledUserGraph {
  const r = compileUserGraph(source, fakeEngine);
  if (!r.ok) throw new Error(`expected a graph, got ${JSON.stringify(r.error)}`);
  return r;
}

const BUILDER = `import { StateGraph, Annotation, START, END } from 'replaygraph';
interface S { count: number; label?: string }
const State = Annotation.Root({ count: 0 });
function inc(state: S): Partial<S> {
  return { count: state.count + 1 };
}
export default new StateGraph(State).addNode('inc', inc).addEdge(START, 'inc').addEdge('inc', END);
`;

describe('compileUserGraph: good modules', () => {
  it('compiles a TypeScript builder exported as default and runs it', async () => {
    const r = compiled(BUILDER);
    expect(r.kind).toBe('builder');
    expect(r.exportName).toBe('default');
    const saver = { name: 'saver' };
    const graph = r.build(saver) as unknown as FakeCompiled;
    expect(graph).toBeInstanceOf(FakeCompiled);
    expect(graph.checkpointer).toBe(saver);
    await expect(graph.invoke({ count: 41 })).resolves.toEqual({ count: 42 });
  });

  it('accepts a compiled graph exported as `graph`, and builds a fresh instance per checkpointer', () => {
    const r = compiled(`import { StateGraph, MemorySaver } from 'replaygraph';
export const graph = new StateGraph({}).addNode('a', (s: { n: number }) => ({ n: s.n * 2 })).compile({ checkpointer: new MemorySaver() });
`);
    expect(r.kind).toBe('compiled');
    expect(r.exportName).toBe('graph');
    const a = r.build('saver-a') as unknown as FakeCompiled;
    const b = r.build('saver-b') as unknown as FakeCompiled;
    expect(a).not.toBe(b);
    expect(a).not.toBe(r.exports.graph);
    expect([a.checkpointer, b.checkpointer]).toEqual(['saver-a', 'saver-b']);
  });

  it('prefers the default export over `graph`', () => {
    const r = compiled(`import { StateGraph } from 'replaygraph';
export const graph = new StateGraph({}).compile();
export default new StateGraph({});
`);
    expect(r.exportName).toBe('default');
    expect(r.kind).toBe('builder');
  });

  it('supports default and namespace imports of replaygraph', () => {
    expect(compiled(`import rg from 'replaygraph';\nexport default new rg.StateGraph({});`).kind).toBe('builder');
    expect(compiled(`import * as rg from 'replaygraph';\nexport default new rg.StateGraph({});`).kind).toBe('builder');
  });

  it('keeps HTML-looking strings and type-only imports as plain code', async () => {
    const r = compiled(`import { StateGraph, type Annotation } from 'replaygraph';
type X = typeof Annotation;
export default new StateGraph({}).addNode('a', () => ({ html: '<img src=x onerror=alert(1)>' }));
`);
    const graph = r.build(undefined) as unknown as FakeCompiled;
    await expect(graph.invoke({})).resolves.toEqual({ html: '<img src=x onerror=alert(1)>' });
  });
});

describe('compileUserGraph: syntax errors', () => {
  it('reports the line and column of a syntax error', () => {
    const source = `import { StateGraph } from 'replaygraph';\n\nconst x: number = ;\nexport default new StateGraph({});\n`;
    const r = compileUserGraph(source, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('syntax');
    expect(r.error.message).toBe('Unexpected token');
    expect({ line: r.error.line, column: r.error.column }).toEqual(positionOf(source, ';', 1));
  });

  it('reports a block left open at the end of the file after its last line', () => {
    const r = compileUserGraph(`function f() {\n  return 1;\n`, fakeEngine);
    expect(r.ok || r.error.kind).toBe('syntax');
    expect(r.ok || r.error.line).toBe(2);
  });

  it('reports top-level await as a syntax error with a hint', () => {
    const r = compileUserGraph(`import { StateGraph } from 'replaygraph';\nawait Promise.resolve();\nexport default new StateGraph({});`, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('syntax');
    expect(r.error.message).toMatch(/top-level await/);
  });
});

describe('compileUserGraph: runtime errors while evaluating', () => {
  it('names a module other than the known ones, at the import', () => {
    const source = `import { StateGraph } from 'replaygraph';\nimport fs from 'node:fs';\nexport default new StateGraph(fs.readFileSync('x'));\n`;
    const r = compileUserGraph(source, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('import');
    expect(r.error.message).toMatch(/^`node:fs` is not available in replaygraph/);
    expect({ line: r.error.line, column: r.error.column }).toEqual(positionOf(source, "'node:fs'"));
  });

  it('leaves out imports used only as types, as TypeScript does', () => {
    const r = compileUserGraph(`import { StateGraph } from 'replaygraph';\nimport { BaseMessage } from '@langchain/core/messages';\nlet m: BaseMessage | null = null;\nexport default new StateGraph({ m });`, fakeEngine);
    expect(r.ok).toBe(true);
  });

  it('resolves @langchain/langgraph to the engine', () => {
    const r = compileUserGraph(`import { StateGraph } from '@langchain/langgraph';\nexport default new StateGraph({});`, fakeEngine);
    expect(r.ok).toBe(true);
  });

  it('maps a throw to the user line and column, past stripped type annotations', () => {
    const source = [
      `import { StateGraph } from 'replaygraph';`,
      `const table: Record<string, number> = { a: 1 };`,
      `const first: Array<string> = []; const bad: { x: number } | null = null; const v: number = (bad as any).x;`,
      `export default new StateGraph({});`,
    ].join('\n');
    const r = compileUserGraph(source, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('runtime');
    expect(r.error.message).toMatch(/^TypeError: /);
    expect(r.error.line).toBe(3);
    // V8 points at the property name read from null: the `x` of `.x`, past three stripped annotations.
    expect(r.error.column).toBe(positionOf(source, 'x;').column);
  });

  it('maps an explicit throw inside a called function to the throw site', () => {
    const source = `import { StateGraph } from 'replaygraph';
function check(n: number): void {
  if (n > 1) throw new RangeError('too big: ' + n);
}
check(5);
export default new StateGraph({});`;
    const r = compileUserGraph(source, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({ kind: 'runtime', message: 'RangeError: too big: 5', ...positionOf(source, 'new RangeError') });
  });

  it('cannot change the engine API it was given', () => {
    const engine = { ...fakeEngine };
    const r = compileUserGraph(`import rg from 'replaygraph';\n(rg as any).START = 'hacked';\nexport default new rg.StateGraph({});`, engine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('runtime');
    expect(r.error.line).toBe(2);
    expect(engine.START).toBe('__start__');
  });
});

describe('compileUserGraph: shape errors', () => {
  it('says what is missing when nothing is exported', () => {
    const r = compileUserGraph(`import { StateGraph } from 'replaygraph';\nexport const helper = 1;\n`, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('shape');
    expect(r.error.message).toMatch(/exports no graph/);
    expect(r.error.message).toContain('helper');
  });

  it.each([
    ['a number', 'export default 42;', /a number/],
    ['a plain object', 'export default { nodes: [] };', /a plain object/],
    ['a function', 'export default function build() { return 1; }', /a function \(build\)/],
    ['null', 'export const graph = null;', /null/],
  ])('points at the export when it is %s', (_label, line, message) => {
    const source = `import { StateGraph } from 'replaygraph';\n// a comment\n${line}\n`;
    const r = compileUserGraph(source, fakeEngine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('shape');
    expect(r.error.message).toMatch(message);
    expect(r.error.line).toBe(3);
    expect(r.error.column).toBe(1);
  });
});

describe('errors thrown later, inside a node at run time', () => {
  const source = `import { StateGraph } from 'replaygraph';
type S = { items: string[] };
async function summarise(state: S): Promise<Partial<S>> {
  const first: string = state.items[0]!;
  if (first === 'boom') throw new Error('cannot summarise "' + first + '"');
  return {};
}
export default new StateGraph({}).addNode('summarise', summarise);
`;

  it('maps the node error to the throw site in the user source', async () => {
    const r = compiled(source);
    const graph = r.build(undefined) as unknown as FakeCompiled;
    const err = await graph.invoke({ items: ['boom'] }).then(() => null, (e: unknown) => e);
    expect(r.mapError(err)).toEqual({
      kind: 'runtime',
      message: 'Error: cannot summarise "boom"',
      ...positionOf(source, 'new Error'),
    });
  });

  it('maps error data that kept its stack (ErrorData from a run) the same way', async () => {
    const r = compiled(source);
    const graph = r.build(undefined) as unknown as FakeCompiled;
    const err = (await graph.invoke({ items: ['boom'] }).then(() => null, (e: unknown) => e)) as Error;
    const data = JSON.parse(JSON.stringify({ code: 'INTERNAL', name: err.name, message: err.message, stack: err.stack }));
    expect(r.mapError(data)).toEqual(r.mapError(err));
    expect(r.mapError(data).line).toBe(positionOf(source, 'new Error').line);
  });

  it('gives a null position for errors with no user frame', () => {
    const r = compiled(source);
    expect(r.mapError('a string')).toEqual({ kind: 'runtime', message: 'a string', line: null, column: null });
    expect(r.mapError(new Error('engine side'))).toMatchObject({ line: null, column: null });
  });

  it('wraps a failing build in a UserGraphError with the user position', () => {
    const r = compiled(`import { StateGraph } from 'replaygraph';
let calls = 0;
function make() {
  calls += 1;
  if (calls > 1) throw new Error('only once');
  return new StateGraph({}).compile();
}
export const graph = make();`);
    let caught: unknown;
    try {
      r.build(undefined);
    } catch (err) {
      caught = err;
    }
    // Every build evaluates the module afresh, so module-level state starts over: no error.
    expect(caught).toBeUndefined();

    const broken = compiled(`import { StateGraph } from 'replaygraph';
export default { invoke() {}, stream() {} };`);
    expect(() => broken.build(undefined)).toThrow(UserGraphError);
    try {
      broken.build(undefined);
    } catch (err) {
      expect((err as UserGraphError).detail.message).toMatch(/no `checkpointer`/);
    }
  });
});
