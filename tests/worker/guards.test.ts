import { describe, expect, it } from 'vitest';
import { isKnownRequestType, isToWorker, requestProblem } from '../../src/protocol/guards';
import type { ToWorker } from '../../src/protocol/messages';

const req = (m: Record<string, unknown>) => ({ id: 1, ...m }) as unknown as ToWorker;

describe('protocol guards', () => {
  it('drops anything that is not a protocol request', () => {
    for (const v of [null, 'rg/hello', 42, [], {}, { type: 'hello', id: 1 }, { type: 'rg/hello' }, { type: 'rg/hello', id: '1' }, { type: 'rg/x', id: NaN }]) {
      expect(isToWorker(v)).toBe(false);
    }
    expect(isToWorker({ type: 'rg/anything', id: 3 })).toBe(true);
    expect(isKnownRequestType('rg/anything')).toBe(false);
    expect(isKnownRequestType('rg/run.start')).toBe(true);
  });

  it('names the bad field of a known request', () => {
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'g', input: null }))).toBeNull();
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'g' }))).toMatch(/"input"/);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 7, graphId: 'g', input: 1 }))).toMatch(/"threadId" must be a non-empty string/);
    expect(requestProblem(req({ type: 'rg/history.page', threadId: 't', ns: '', limit: 'ten' }))).toMatch(/"limit"/);
    expect(requestProblem(req({ type: 'rg/run.resume', threadId: 't', resume: { kind: 'maybe' } }))).toMatch(/"resume" must be an object whose field "kind"/);
    expect(requestProblem(req({ type: 'rg/run.continue', threadId: 't', controls: { breakBefore: 'a' } }))).toMatch(/breakBefore/);
    expect(requestProblem(req({ type: 'rg/run.continue', threadId: 't', controls: { stepMode: true, breakAfter: ['a'] } }))).toBeNull();
  });
  it('checks the file and user-graph requests, including the user graph id', () => {
    expect(requestProblem(req({ type: 'rg/thread.export', threadId: 't' }))).toBeNull();
    expect(requestProblem(req({ type: 'rg/thread.import', text: 1 }))).toMatch(/"text" must be a string/);
    expect(requestProblem(req({ type: 'rg/thread.import', text: '{}', threadId: 5 }))).toMatch(/"threadId" must be a non-empty string/);
    expect(requestProblem(req({ type: 'rg/thread.import', text: '{}', trustSource: 'yes' }))).toMatch(/"trustSource"/);
    expect(requestProblem(req({ type: 'rg/thread.importPreview', text: '[]' }))).toBeNull();
    expect(requestProblem(req({ type: 'rg/graph.compile', graphId: 'user:a-b.c_1', source: '' }))).toBeNull();
    for (const graphId of ['chain', 'user:', 'user:a b', 'user:../x', `user:${'x'.repeat(65)}`]) {
      expect(requestProblem(req({ type: 'rg/graph.save', graphId, source: '' }))).toMatch(/"graphId" must be "user:"/);
    }
    expect(requestProblem(req({ type: 'rg/graph.delete', graphId: 'human-review' }))).toMatch(/"graphId"/);
  });

  it('bounds ids and sizes: a 10 MB thread id, an empty one, a fractional recursion limit are bad requests', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: huge, graphId: 'chain', input: {} }))).toMatch(/"threadId" must be a non-empty string of at most 512/);
    expect(requestProblem(req({ type: 'rg/threads.list' }))).toBeNull();
    expect(requestProblem(req({ type: 'rg/run.start', threadId: '', graphId: 'chain', input: {} }))).toMatch(/"threadId" must be a non-empty string/);
    expect(requestProblem(req({ type: 'rg/runs.list', threadId: '' }))).toMatch(/"threadId"/);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'chain', input: {}, controls: { recursionLimit: 0.5 } }))).toMatch(/recursionLimit" must be an integer from 1/);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'chain', input: {}, controls: { recursionLimit: 25, nodeTimeoutMs: 0 } }))).toMatch(/nodeTimeoutMs/);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'chain', input: {}, controls: { nodeTimeoutMs: 2000 } }))).toBeNull();
    expect(requestProblem(req({ type: 'rg/checkpoint.get', threadId: 't', ns: 'n'.repeat(513), checkpointId: 'c' }))).toMatch(/"ns"/);
    expect(requestProblem(req({ type: 'rg/history.page', threadId: 't', ns: '', limit: 1.5 }))).toMatch(/"limit"/);
    expect(requestProblem(req({ type: 'rg/graph.compile', graphId: 'user:a', source: 's'.repeat(1024 * 1024 + 1) }))).toMatch(/"source"/);
    expect(requestProblem(req({ type: 'rg/run.start', threadId: 't', graphId: 'chain', input: { n: NaN } }))).toMatch(/"input" must be JSON data/);
  });
});
