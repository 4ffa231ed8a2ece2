/**
 * Consent over the protocol: the code of an imported graph the user has not approved is never
 * compiled or run. Every request that would evaluate it is refused with GRAPH_NOT_APPROVED before
 * a sandbox worker starts; every read answers from stored data. Only the approval runs it.
 *
 * Two observers of "it ran", both independent of the code under test: the graph's top-level code
 * appends to a global of this process (the in-process sandbox evaluates user modules here), and the
 * test launcher records every sandbox worker it starts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkerClient } from '../../src/client/worker-client';
import { DOUBLER_SOURCE } from './user-sources';
import { connect, newThread, STORES, type Pair } from './harness';

const BENIGN = DOUBLER_SOURCE;

/** Where the imported code records that its top level ran. */
const CANARY = '__replaygraphConsentCanary';
const ran = (): string[] => ((globalThis as Record<string, unknown>)[CANARY] as string[] | undefined) ?? [];

/** The file's graph code: the same graph, with a top level that says it ran. */
const IMPORTED = `const g = globalThis as any;\ng.${CANARY} = [...(g.${CANARY} ?? []), 'top-level ran'];\n${BENIGN}`;

beforeEach(() => {
  delete (globalThis as Record<string, unknown>)[CANARY];
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[CANARY];
});

/** A thread file made by another browser, carrying IMPORTED as its graph's code under `fileGraphId`. */
async function fileFromElsewhere(makeStore: () => Pair['store'], fileGraphId: string): Promise<{ text: string; threadId: string }> {
  const maker = connect(makeStore());
  await maker.client.saveGraph({ graphId: 'user:doubler', source: BENIGN });
  const threadId = newThread('imported');
  await maker.client.waitForRun((await maker.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 2 } })).runId);
  await maker.client.waitForRun((await maker.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 3 } })).runId);
  const file = JSON.parse((await maker.client.exportThread(threadId)).text) as Record<string, unknown>;
  maker.host.stop();
  file.graphSource = IMPORTED;
  file.graphId = fileGraphId;
  return { text: JSON.stringify(file), threadId };
}

interface Imported {
  pair: Pair;
  client: WorkerClient;
  graphId: string;
  threadId: string;
  text: string;
  /** How many sandbox workers the importing host had started once the import was done. */
  spawned: number;
}

/** A fresh host imports the file without consent: the graph is kept, quarantined as not approved. */
async function importWithoutConsent(makeStore: () => Pair['store'], fileGraphId = 'user:doubler'): Promise<Imported> {
  const { text, threadId } = await fileFromElsewhere(makeStore, fileGraphId);
  delete (globalThis as Record<string, unknown>)[CANARY];
  const pair = connect(makeStore());
  const r = await pair.client.importThread({ text });
  expect(r.problem).toBeNull();
  const graphId = r.thread!.quarantinedGraphId!;
  expect(graphId).toMatch(/^user:/);
  expect((await pair.client.listGraphs()).find((g) => g.id === graphId)?.quarantine?.reason).toBe('unapproved');
  return { pair, client: pair.client, graphId, threadId, text, spawned: pair.launcher.spawned.length };
}

/** Nothing of the imported code ran, and no sandbox worker was started since the import. */
function expectNothingRan(x: Imported): void {
  expect(ran()).toEqual([]);
  expect(x.pair.launcher.spawned.slice(x.spawned)).toEqual([]);
}

const notApproved = (graphId: string) => ({ data: { code: 'GRAPH_NOT_APPROVED', message: expect.stringContaining(`"${graphId}" came from an imported file and has not been approved to run`) } });

describe.each(STORES)('consent before an imported graph\'s code runs (%s)', (_name, makeStore) => {
  it('Check of the imported graph is refused with GRAPH_NOT_APPROVED, with its own code or an edited one, and starts no sandbox', async () => {
    const x = await importWithoutConsent(makeStore);
    const source = (await x.client.listGraphs()).find((g) => g.id === x.graphId)!.source!;
    expect(source).toBe(IMPORTED);
    await expect(x.client.compileGraph({ graphId: x.graphId, source })).rejects.toMatchObject(notApproved(x.graphId));
    // Editing the text does not make a Check the approval of the imported graph either.
    await expect(x.client.compileGraph({ graphId: x.graphId, source: `${source}\n// read it` })).rejects.toMatchObject(notApproved(x.graphId));
    expectNothingRan(x);
    // Still waiting for consent: a refused Check lifted nothing.
    expect((await x.client.listGraphs()).find((g) => g.id === x.graphId)?.quarantine?.reason).toBe('unapproved');
    await expect(x.client.startRun({ threadId: newThread(), graphId: x.graphId, input: { n: 1 } })).rejects.toMatchObject(notApproved(x.graphId));
    expectNothingRan(x);
  });

  const runs: [string, (x: Imported, checkpointId: string) => Promise<unknown>][] = [
    ['start on its thread', (x) => x.client.startRun({ threadId: x.threadId, graphId: x.graphId, input: { n: 5 } })],
    ['start on a new thread', (x) => x.client.startRun({ threadId: newThread(), graphId: x.graphId, input: { n: 5 } })],
    ['continue', (x) => x.client.continueRun({ threadId: x.threadId })],
    ['resume', (x) => x.client.resume({ threadId: x.threadId, resume: { kind: 'value', value: 'yes' } })],
    ['resume at a checkpoint', (x, checkpointId) => x.client.resume({ threadId: x.threadId, resume: { kind: 'value', value: 'yes' }, checkpointId })],
    ['replay', (x, checkpointId) => x.client.replay({ threadId: x.threadId, checkpointId })],
    ['fork without running', (x, checkpointId) => x.client.fork({ threadId: x.threadId, checkpointId, values: { n: 7 }, run: false })],
    ['fork and run', (x, checkpointId) => x.client.fork({ threadId: x.threadId, checkpointId, values: { n: 7 }, run: true })],
  ];
  it.each(runs)('%s is refused with GRAPH_NOT_APPROVED and starts no sandbox', async (_what, request) => {
    const x = await importWithoutConsent(makeStore);
    const root = (await x.client.historyPage({ threadId: x.threadId, limit: 100 })).items.find((c) => c.step === 0)!;
    await expect(request(x, root.checkpointId)).rejects.toMatchObject(notApproved(x.graphId));
    expectNothingRan(x);
    expect(await x.client.listRuns(x.threadId)).toHaveLength(2);
  });

  it('a file graph id that is not a user id: kept as a user graph, listed, read and refused alike', async () => {
    const x = await importWithoutConsent(makeStore, 'graph-from-a-server');
    expect(x.graphId).toBe('user:graph-from-a-server');
    await expect(x.client.compileGraph({ graphId: x.graphId, source: IMPORTED })).rejects.toMatchObject(notApproved(x.graphId));
    await expect(x.client.continueRun({ threadId: x.threadId })).rejects.toMatchObject(notApproved(x.graphId));
    expectNothingRan(x);
  });

  it('listing, reading its threads, exporting, importing it again and a restart run none of it; Check is still refused', async () => {
    const x = await importWithoutConsent(makeStore);
    const store = x.pair.store;
    const walk = async (client: WorkerClient) => {
      expect((await client.listGraphs()).find((g) => g.id === x.graphId)).toMatchObject({ quarantine: { reason: 'unapproved' }, shape: { nodes: [] }, source: IMPORTED });
      expect((await client.listThreads()).find((t) => t.threadId === x.threadId)?.graphId).toBe(x.graphId);
      const page = await client.historyPage({ threadId: x.threadId, limit: 100 });
      expect(page.items.length).toBeGreaterThan(2);
      for (const c of page.items) expect((await client.getCheckpoint({ threadId: x.threadId, checkpointId: c.checkpointId })).summary.checkpointId).toBe(c.checkpointId);
      await client.listNamespaces(x.threadId);
      expect(await client.listRuns(x.threadId)).toHaveLength(2);
      await client.getTrace({ threadId: x.threadId });
      expect(JSON.parse((await client.exportThread(x.threadId)).text)).toMatchObject({ graphId: x.graphId, graphSource: IMPORTED });
      expect((await client.previewImport(x.text)).preview).toMatchObject({ graphSource: IMPORTED, sourceWouldRun: false });
      expect((await client.importThread({ text: x.text, threadId: newThread('again') })).thread).toMatchObject({ graphId: x.graphId, quarantinedGraphId: x.graphId, registeredGraphId: null });
    };
    await walk(x.client);
    expectNothingRan(x);
    await expect(x.client.compileGraph({ graphId: x.graphId, source: IMPORTED })).rejects.toMatchObject(notApproved(x.graphId));
    expectNothingRan(x);

    // A restart (a reload of the page): the stored graph is not loaded, and stays unapproved.
    x.pair.host.stop();
    const after = connect(store);
    await walk(after.client);
    await expect(after.client.compileGraph({ graphId: x.graphId, source: IMPORTED })).rejects.toMatchObject(notApproved(x.graphId));
    expect(ran()).toEqual([]);
    expect(after.launcher.spawned.filter((k) => k.includes(x.graphId))).toEqual([]);
    // Only the built-in graphs' worker and the pool's spares (engine only, no graph module) were started.
    expect(after.launcher.spawned.filter((k) => !k.startsWith('graph:(builtin)') && !k.startsWith('spare#'))).toEqual([]);
  });

  it('approving it (saving it) is what runs it: then Check and runs work, also after a restart', async () => {
    const x = await importWithoutConsent(makeStore);
    const approved = await x.client.saveGraph({ graphId: x.graphId, source: IMPORTED });
    expect(approved).toMatchObject({ error: null, saved: true });
    expect(approved.graph?.quarantine).toBeUndefined();
    expect(ran().length).toBeGreaterThan(0);
    expect((await x.client.compileGraph({ graphId: x.graphId, source: IMPORTED })).error).toBeNull();
    const again = await x.client.startRun({ threadId: x.threadId, graphId: x.graphId, input: { n: 5 } });
    expect(await x.client.waitForRun(again.runId)).toMatchObject({ outcome: 'done', result: { n: 10 } });
    x.pair.host.stop();
    const after = connect(x.pair.store);
    expect((await after.client.listGraphs()).find((g) => g.id === x.graphId)?.quarantine).toBeUndefined();
    const more = await after.client.continueRun({ threadId: x.threadId });
    expect((await after.client.waitForRun(more.runId)).outcome).toBe('done');
  });

  it('an approval whose code does not compile leaves the graph the user\'s own to fix: Check may then run it', async () => {
    const x = await importWithoutConsent(makeStore);
    const broken = IMPORTED.replace("addNode('double', (s) =>", "addNode('double', (s) =>>");
    const r = await x.client.saveGraph({ graphId: x.graphId, source: broken });
    expect(r.error).toMatchObject({ kind: 'syntax' });
    const listed = (await x.client.listGraphs()).find((g) => g.id === x.graphId);
    expect(listed).toMatchObject({ source: broken, quarantine: { reason: 'load-failed', message: expect.stringContaining('approved') } });
    expect((await x.client.compileGraph({ graphId: x.graphId, source: IMPORTED })).error).toBeNull();
    expect(ran().length).toBeGreaterThan(0);
  });
});
