import { describe, expect, it } from 'vitest';
import * as engineModule from '../../src/engine/index';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { graphInfo } from '../../src/sandbox/graphs/registry';
import { UserGraphError, userGraphModule } from '../../src/sandbox/usercode';
import { fakeEngine } from './fake-engine';

const engine = engineModule as unknown as Record<string, unknown>;

const SOURCE = `import { StateGraph, Annotation, START, END } from 'replaygraph';
export const title = 'Greeter';
export const description = 'Says hello. Look at the single step.';
export const exampleInput = { name: 'Ada' };
const State = Annotation.Root({ name: Annotation<string>(), greeting: Annotation<string>() });
export default new StateGraph(State)
  .addNode('greet', (s: typeof State.State) => ({ greeting: 'Hello, ' + s.name }))
  .addEdge(START, 'greet')
  .addEdge('greet', END);
`;

describe('userGraphModule', () => {
  it('takes title, description and example input from the module, meta overriding them', () => {
    const r = userGraphModule(SOURCE.replace(/Annotation<string>\(\)/g, "'x'"), fakeEngine, { id: 'user:greeter' });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.module).toMatchObject({
      id: 'user:greeter', title: 'Greeter', description: 'Says hello. Look at the single step.', exampleInput: { name: 'Ada' }, origin: 'user',
    });
    const named = userGraphModule(SOURCE.replace(/Annotation<string>\(\)/g, "'x'"), fakeEngine, { id: 'u', title: 'Mine' });
    expect(named.ok && named.module.title).toBe('Mine');
  });

  it('refuses at build time a graph the host cannot drive', () => {
    const r = userGraphModule(`import { StateGraph } from 'replaygraph';\nexport default new StateGraph({});`, fakeEngine, { id: 'user:fake' });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(() => r.module.build(new MemorySaver())).toThrow(UserGraphError);
    try {
      r.module.build(new MemorySaver());
    } catch (err) {
      expect((err as UserGraphError).detail.message).toMatch(/getState, getStateHistory, updateState/);
    }
  });

  it('passes compile errors through', () => {
    const r = userGraphModule('export default (', fakeEngine, { id: 'user:broken' });
    expect(r.ok || r.error.kind).toBe('syntax');
  });

  it('is described like a built-in graph and runs on the real engine', async () => {
    const r = userGraphModule(SOURCE, engine, { id: 'user:greeter' });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const info = await graphInfo(r.module);
    expect(info).toMatchObject({ id: 'user:greeter', origin: 'user', source: SOURCE, exampleInput: { name: 'Ada' } });
    expect(info.shape.nodes.map((n) => n.id)).toContain('greet');
    const out = await r.module.build(new MemorySaver()).invoke({ name: 'Ada' }, { configurable: { thread_id: 't' } });
    expect(out).toEqual({ name: 'Ada', greeting: 'Hello, Ada' });
  });
});
