/**
 * A run-time error thrown three calls deep inside a node, on the real engine: its position is the
 * throw site, and the run's stack keeps the program's own frames, each at the user's line and
 * column (the transpiled module's positions and `new Function`'s header lines mapped away).
 */
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import { positionOf } from './position-of';

const SOURCE = `import { Annotation, START, StateGraph } from "@langchain/langgraph";
const State = Annotation.Root({ items: Annotation<string[]>() });

function parseItem(item: string): number {
  const n: number = Number.parseInt(item, 10);
  if (Number.isNaN(n)) throw new TypeError(\`not a number: \${item}\`);
  return n;
}

const total = (items: string[]): number => items.map((i: string) => parseItem(i)).reduce((a, b) => a + b, 0);

async function summarise(state: typeof State.State) {
  const sum: number = total(state.items);
  return { items: [String(sum)] };
}

export default new StateGraph(State).addNode("summarise", summarise).addEdge(START, "summarise");
`;

describe('a run-time error three calls deep inside a node', () => {
  it('is positioned at the throw, and every frame of the program is mapped to its line and column', async () => {
    const r = compileUserModule('user:deep', SOURCE);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const graph = r.module.build(new MemorySaver());
    const err = (await graph.invoke({ items: ['1', 'x'] }, { configurable: { thread_id: 'deep' } }).then(() => null, (e: unknown) => e)) as Error;
    expect(err.message).toBe('not a number: x');
    expect(r.module.locate?.(err)).toEqual(positionOf(SOURCE, 'new TypeError'));

    const stack = r.module.mapStack!(err.stack!);
    const frames = [...stack.matchAll(/user-deep\.ts:(\d+):(\d+)/g)].map((m) => ({ line: Number(m[1]), column: Number(m[2]) }));
    // parseItem's throw, the arrow calling it, total's map, summarise's call of total: innermost first.
    expect(frames.slice(0, 4)).toEqual([
      positionOf(SOURCE, 'new TypeError'),
      positionOf(SOURCE, 'parseItem(i)'),
      positionOf(SOURCE, 'map((i'),
      positionOf(SOURCE, 'total(state.items)'),
    ]);
    // Lines the module does not have are never named.
    expect(frames.every((f) => f.line <= SOURCE.split('\n').length)).toBe(true);
  });
});

describe('columns after a template literal that ends in an interpolation', () => {
  it('stay exact (sucrase\'s own source map is one token behind from there on)', () => {
    const source = 'const who: string = "you";\nconst hello = `hi ${who}`; const n: number = 1; const boom = (null as any).x;\nexport default n;\n';
    const r = compileUserModule('user:template', source);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('runtime');
    // V8 points at the property read from null: the `x` of `.x`, after the template and a stripped annotation.
    expect({ line: r.error.line, column: r.error.column }).toEqual(positionOf(source, 'x;'));
  });
});
