/**
 * A program as its threads' graph code: loading it collects the graphs the program calls, named as
 * when it ran (own name, else the variable called), without running a node; the graph named by the
 * header is built with the saver given and runs as compiled.
 */
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import { programGraphHeader, programGraphModule, programGraphName } from '../../src/sandbox/program-graph';

const PROGRAM = `import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
const ran = ((globalThis as any).__programNodesRan ??= []);
const State = Annotation.Root({ n: Annotation<number>() });
const first = new StateGraph(State).addNode('inc', (s) => { ran.push('inc'); return { n: s.n + 1 }; }).addEdge(START, 'inc').addEdge('inc', END);
const second = new StateGraph(State).addNode('dbl', (s) => { ran.push('dbl'); return { n: s.n * 2 }; }).addEdge(START, 'dbl').addEdge('dbl', END);
export const app = first.compile({ checkpointer: new MemorySaver() });
const named = second.compile({ name: 'doubler' });
const r = await app.invoke({ n: 1 }, { configurable: { thread_id: 't' } });
console.log(r.n.toFixed(2), r.missing.deep);
for await (const c of await named.stream({ n: 3 })) console.log(c);
`;

const ran = () => ((globalThis as { __programNodesRan?: string[] }).__programNodesRan ??= []);

describe('program graphs', () => {
  it('reads the graph a stored source names', () => {
    expect(programGraphName(`${programGraphHeader('app')}\nconst x = 1;`)).toBe('app');
    expect(programGraphName("import { StateGraph } from 'replaygraph';")).toBeNull();
  });

  it('builds the named graph of a program without running a node while loading', async () => {
    ran().length = 0;
    const byVariable = await programGraphModule('user:p.app', `${programGraphHeader('app')}\n${PROGRAM}`);
    const byName = await programGraphModule('user:p.doubler', `${programGraphHeader('doubler')}\n${PROGRAM}`);
    if (!byVariable.ok || !byName.ok) throw new Error('not loaded');
    expect(ran()).toEqual([]);
    const app = byVariable.module.build(new MemorySaver());
    expect(await app.invoke({ n: 1 }, { configurable: { thread_id: 'x' } })).toEqual({ n: 2 });
    const doubler = byName.module.build(new MemorySaver());
    expect(await doubler.invoke({ n: 3 }, { configurable: { thread_id: 'y' } })).toEqual({ n: 6 });
    expect(ran()).toEqual(['inc', 'dbl']);
  });

  it('says which graphs the program calls when the name is not one of them', async () => {
    const r = await programGraphModule('user:p.x', `${programGraphHeader('nope')}\n${PROGRAM}`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('The program calls no graph named "nope" (it calls "app", "doubler").');
  });
});
