/**
 * Graph code has no network (src/sandbox/no-network.ts): the entry points a sandbox worker
 * replaces refuse with the catalogue's words, and a run that fails on a refused request ends
 * SANDBOX_NO_NETWORK, also when a node wrapped the refusal in an error of its own. (That the
 * sandbox document's policy blocks every request is shown in real Chromium by
 * e2e/hostile-lifecycle.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Annotation, END, MemorySaver, START, StateGraph, type BaseCheckpointSaver } from '../../src/engine/index';
import type { GraphModule } from '../../src/sandbox/graphs/index';
import { isNoNetwork, NoNetworkError, refuseNetwork } from '../../src/sandbox/no-network';
import { createMemoryStore } from '../../src/worker/memory-store';
import { connect, newThread } from '../worker/harness';

describe('refused entry points', () => {
  it('fetch rejects with a TypeError named SandboxNoNetwork that names the rule and the request', async () => {
    const scope: Record<string, unknown> = { XMLHttpRequest: class {}, WebSocket: class {} };
    refuseNetwork(scope);
    const err = await (scope.fetch as (u: string) => Promise<unknown>)('http://127.0.0.1:9/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(err).toMatchObject({ name: 'SandboxNoNetwork', code: 'SANDBOX_NO_NETWORK' });
    expect((err as Error).message).toMatch(/^Graph code has no network in replaygraph: fetch of http:\/\/127\.0\.0\.1:9\/x was refused\..*model gateway/);
    expect(() => new (scope.XMLHttpRequest as new () => unknown)()).toThrow(NoNetworkError);
    expect(() => new (scope.WebSocket as new (u: string) => unknown)('ws://h/')).toThrow(/WebSocket to ws:\/\/h\/ was refused/);
    expect(scope.EventSource).toBeUndefined(); // only what the scope has is replaced
  });

  it('a refusal is recognised through a chain of causes', () => {
    const refused = new NoNetworkError('fetch of x');
    expect(isNoNetwork(new Error('outer', { cause: new Error('middle', { cause: refused }) }))).toBe(true);
    expect(isNoNetwork(new TypeError('Failed to fetch'))).toBe(false);
  });
});

const S = Annotation.Root({ n: Annotation<number>() });
const node = (fail: () => never): GraphModule => ({
  id: `test-net-${fail.name}`, title: 'net', description: 'test', exampleInput: { n: 0 },
  build: (checkpointer: BaseCheckpointSaver) => new StateGraph(S).addNode('call', fail).addEdge(START, 'call').addEdge('call', END).compile({ checkpointer }),
});
const direct = node(function direct(): never {
  throw new NoNetworkError('fetch of https://api.example.com/v1');
});
const wrapped = node(function wrapped(): never {
  throw new Error('the weather service failed', { cause: new NoNetworkError('fetch of https://weather.example.com/') });
});

describe('a run that fails on a refused request', () => {
  it('ends SANDBOX_NO_NETWORK with the rule in its message, wrapped or not', async () => {
    const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, [direct, wrapped]);
    const a = await p.client.waitForRun((await p.client.startRun({ threadId: newThread('net'), graphId: direct.id, input: { n: 0 } })).runId);
    expect(a).toMatchObject({ outcome: 'error', error: { code: 'SANDBOX_NO_NETWORK', name: 'SandboxNoNetwork', message: expect.stringContaining('fetch of https://api.example.com/v1 was refused') } });
    const b = await p.client.waitForRun((await p.client.startRun({ threadId: newThread('net'), graphId: wrapped.id, input: { n: 0 } })).runId);
    expect(b).toMatchObject({ outcome: 'error', error: { code: 'SANDBOX_NO_NETWORK', message: expect.stringMatching(/^the weather service failed \(Graph code has no network in replaygraph/) } });
  });
});
