/**
 * The client against a scripted worker (the thing under test is the client): subscriptions,
 * waitForRun, and the forced cancel that restarts a worker stuck in a loop.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerClient, type ClientEndpoint, type WorkerLike } from '../../src/client/worker-client';
import type { FromWorker, ToWorker } from '../../src/protocol/messages';

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** A scripted worker: answers hello and run.start; when `stuck`, it ignores everything else. */
function scriptedWorker(stuck: boolean) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const received: ToWorker[] = [];
  let terminated = false;
  const send = (m: FromWorker) => !terminated && port2.postMessage(m);
  port2.on('message', (m: ToWorker) => {
    received.push(m);
    if (m.type === 'rg/hello') send({ type: 'rg/hello-ok', id: m.id, protocolVersion: 1, storage: { dbName: 'x', version: 1 } });
    else if (m.type === 'rg/run.start') {
      send({ type: 'rg/run.started', id: m.id, runId: 'r1', threadId: m.threadId });
      send({ type: 'rg/run.events', runId: 'r1', threadId: m.threadId, events: [{ kind: 'trace', event: { type: '@engine.run.start', runId: 'r1', checkpointNs: '', step: -1, seq: 0, threadId: m.threadId, checkpointId: null, isReplaying: false, isResuming: false, input: 'value' } }] });
    } else if (m.type === 'rg/run.cancel' && !stuck) {
      send({ type: 'rg/ok', id: m.id });
      send({ type: 'rg/run.ended', runId: m.runId, threadId: 't', outcome: 'cancelled', error: null, result: null });
    }
  });
  const endpoint: WorkerLike = Object.assign(port1 as unknown as ClientEndpoint, {
    terminate: () => {
      terminated = true;
    },
  });
  return { endpoint, received, isTerminated: () => terminated };
}

describe('worker client', () => {
  it('delivers run events to run and wildcard subscribers until they unsubscribe', async () => {
    const w = scriptedWorker(false);
    const client = createWorkerClient(w.endpoint);
    const one: unknown[] = [];
    const all: unknown[] = [];
    const off = client.onRunEvents('r1', (events, meta) => one.push([events.length, meta.threadId]));
    client.onRunEvents('*', (events) => all.push(events.length));
    await client.startRun({ threadId: 't', graphId: 'g', input: null });
    await client.hello(); // a round trip: the events sent before the hello reply have arrived
    expect(one).toEqual([[1, 't']]);
    expect(all).toEqual([1]);
    off();
    await client.startRun({ threadId: 't', graphId: 'g', input: null });
    await client.hello();
    expect(one).toHaveLength(1);
    expect(all).toEqual([1, 1]);
  });

  it('a cooperative cancel resolves with the worker\'s report and restarts nothing', async () => {
    const w = scriptedWorker(false);
    let spawned = 0;
    const client = createWorkerClient(w.endpoint, { spawn: () => (spawned++, scriptedWorker(false).endpoint), sleep: () => new Promise(() => {}) });
    const { runId } = await client.startRun({ threadId: 't', graphId: 'g', input: null });
    const result = await client.cancel(runId);
    expect(result).toMatchObject({ forced: false, ended: { outcome: 'cancelled' } });
    expect(spawned).toBe(0);
    await expect(client.waitForRun(runId)).resolves.toMatchObject({ outcome: 'cancelled' });
  });

  it('a stuck worker is terminated after the grace period, a new one says hello, and the run is reported cancelled', async () => {
    const stuck = scriptedWorker(true);
    const fresh = scriptedWorker(false);
    let grace: () => void = () => undefined;
    const client = createWorkerClient(stuck.endpoint, {
      spawn: () => fresh.endpoint,
      cancelGraceMs: 1234,
      // The test decides when the grace period is over.
      sleep: () => new Promise<void>((resolve) => (grace = resolve)),
    });
    const restarts: string[] = [];
    client.onRestart((reason) => restarts.push(reason));
    const ends: string[] = [];
    client.onRunEnded('*', (e) => ends.push(`${e.runId}:${e.outcome}`));
    const { runId } = await client.startRun({ threadId: 't', graphId: 'g', input: null });
    // Capture the outcome now: the rejection happens during the restart.
    const lostRequest = client.listThreads().then(() => null, (e: unknown) => e);
    const cancelling = client.cancel(runId);
    await new Promise((r) => setTimeout(r, 0));
    expect(stuck.isTerminated()).toBe(false);
    grace();
    const result = await cancelling;
    expect(stuck.isTerminated()).toBe(true);
    expect(result.forced).toBe(true);
    expect(result.ended).toMatchObject({ runId, threadId: 't', outcome: 'cancelled', error: { code: 'RUN_CANCELLED', message: expect.stringContaining('1234 ms') } });
    expect(ends).toEqual([`${runId}:cancelled`]);
    expect(await lostRequest).toMatchObject({ data: { code: 'WORKER_RESTARTED' } });
    expect(fresh.received.map((m) => m.type)).toEqual(['rg/hello']);
    expect(restarts).toHaveLength(1);
    // The client now talks to the new worker.
    await expect(client.hello()).resolves.toMatchObject({ type: 'rg/hello-ok' });
    expect(fresh.received.map((m) => m.type)).toEqual(['rg/hello', 'rg/hello']);
  });

  it('dispose rejects pending requests and terminates workers it started', async () => {
    const stuck = scriptedWorker(true);
    const fresh = scriptedWorker(true);
    let grace: () => void = () => undefined;
    const client = createWorkerClient(stuck.endpoint, { spawn: () => fresh.endpoint, sleep: () => new Promise<void>((r) => (grace = r)) });
    const { runId } = await client.startRun({ threadId: 't', graphId: 'g', input: null });
    const c = client.cancel(runId);
    await new Promise((r) => setTimeout(r, 0));
    grace();
    expect((await c).forced).toBe(true);
    // The new worker ignores this request; dispose must not leave it hanging.
    const hanging = client.listThreads().then(() => null, (e: unknown) => e);
    client.dispose();
    expect(await hanging).toBeInstanceOf(Error);
    expect(fresh.isTerminated()).toBe(true);
  });
});

describe('worker client and a failing worker', () => {
  it('rejects pending requests with the worker error as data instead of waiting forever', async () => {
    const target = new EventTarget();
    const endpoint = Object.assign(target, { postMessage: () => undefined }) as unknown as ClientEndpoint;
    const client = createWorkerClient(endpoint);
    const hello = client.hello().then(() => null, (e: unknown) => e);
    const ev = new Event('error');
    Object.defineProperty(ev, 'message', { value: 'SyntaxError: Unexpected token in engine.worker.js' });
    target.dispatchEvent(ev);
    expect(await hello).toMatchObject({ data: { code: 'INTERNAL', name: 'WorkerError', message: expect.stringContaining('Unexpected token') } });
    client.dispose();
  });
});

describe('cancel of a run the worker does not know', () => {
  it('rejects with NOT_FOUND at once instead of restarting the worker', async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    port2.on('message', (m: ToWorker) => port2.postMessage({ type: 'rg/error', id: m.id, error: { code: 'NOT_FOUND', name: 'HostError', message: 'no such run' } }));
    let spawned = 0;
    const client = createWorkerClient(port1 as unknown as ClientEndpoint, { spawn: () => (spawned++, scriptedWorker(false).endpoint), sleep: () => new Promise(() => {}) });
    await expect(client.cancel('ghost')).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect(spawned).toBe(0);
  });
});
