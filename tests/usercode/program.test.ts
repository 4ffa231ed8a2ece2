/**
 * Programs run as written: top-level await and for await, any exports, console lines with their
 * source line, process.env from the settings, an uncaught error at its line. The same program is
 * also run against the real LangGraph.js (1.7.3) and must print the same lines.
 */
import * as langgraph from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import * as engine from '../../src/engine/index';
import { moduleTable } from '../../src/sandbox/usercode/modules';
import { compileProgram, programConsoleLines, type ConsoleLine } from '../../src/sandbox/usercode/program';

const ours = moduleTable(engine);
const reference = moduleTable(langgraph as unknown as Record<string, unknown>);

const PROGRAM = `import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from '@langchain/langgraph';

const State = Annotation.Root({
  text: Annotation<string>(),
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const workflow = new StateGraph(State)
  .addNode('shout', (s) => ({ text: s.text.toUpperCase(), log: ['shouted'] }))
  .addNode('ask', (s) => {
    const answer = interrupt({ question: 'sign?' });
    return { text: \`\${s.text} \${answer}\`, log: ['asked'] };
  })
  .addEdge(START, 'shout')
  .addEdge('shout', 'ask')
  .addEdge('ask', END);

export const app = workflow.compile({ checkpointer: new MemorySaver() });

const one = { configurable: { thread_id: 'one' } };
const first = await app.invoke({ text: 'hi' }, one);
console.log('first', first.text, first.log, first.__interrupt__?.[0]?.value);
const resumed = await app.invoke(new Command({ resume: 'ok' }), one);
console.log('resumed', resumed);
for await (const chunk of await app.stream({ text: 'yo' }, { configurable: { thread_id: 'two' }, streamMode: 'updates' })) {
  console.log('chunk', Object.keys(chunk));
}
const state = await app.getState(one);
console.info('state', state.values.text, state.next);
console.warn('env', process.env.GREETING, process.env.MISSING);
`;

describe('programs', () => {
  it('runs top-level await, for await and exports, printing what the real LangGraph.js prints', async () => {
    const env = { GREETING: 'hello' };
    const got = await programConsoleLines(PROGRAM, ours, env);
    const want = await programConsoleLines(PROGRAM, reference, env);
    expect(got.error).toBeNull();
    expect(want.error).toBeNull();
    expect(got.lines).toEqual(want.lines);
    expect(got.lines).toContain('env hello undefined');
    expect(got.lines[0]).toBe("first HI [ 'shouted' ] { question: 'sign?' }");
  });

  it('gives each console call its level and source line', async () => {
    const lines: ConsoleLine[] = [];
    const p = compileProgram(PROGRAM, { modules: ours, onConsole: (l) => lines.push(l) });
    if (!p.ok) throw new Error(p.error.message);
    const r = await p.run();
    expect(r.ok && Object.keys(r.exports)).toEqual(['app']);
    const src = PROGRAM.split('\n');
    const lineOf = (needle: string) => src.findIndex((l) => l.includes(needle)) + 1;
    expect(lines.map((l) => [l.level, l.line])).toEqual([
      ['log', lineOf("console.log('first'")],
      ['log', lineOf("console.log('resumed'")],
      ['log', lineOf("console.log('chunk'")],
      ['log', lineOf("console.log('chunk'")],
      ['info', lineOf("console.info('state'")],
      ['warn', lineOf("console.warn('env'")],
    ]);
  });

  it('ends with an uncaught error at its line, after what was printed', async () => {
    const source = "console.log('before');\nawait Promise.resolve();\nconst x: any = null;\nx.boom();\nconsole.log('after');\n";
    const r = await programConsoleLines(source, ours);
    expect(r.lines).toEqual(['before']);
    expect(r.error).toMatchObject({ kind: 'runtime', line: 4 });
    expect(r.error?.message).toMatch(/^TypeError: /);
  });

  it('reports an unknown import at the import, before anything runs', async () => {
    const r = await programConsoleLines("console.log('x');\nimport { nope } from '@langchain/langgraph';\nconsole.log(nope);\n", ours);
    expect(r.lines).toEqual([]);
    expect(r.error).toMatchObject({ kind: 'import', line: 2 });
  });
});
