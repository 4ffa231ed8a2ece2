/** The hello handshake over a real MessageChannel, with the real host and client. */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerClient, type ClientEndpoint } from '../../src/client/worker-client';
import { startHost } from '../../src/worker/host';
import type { Endpoint } from '../../src/protocol/endpoint';
import { MemorySaver } from '../../src/engine/index';
import { createMemoryStore } from '../../src/worker/memory-store';
import { PROTOCOL_VERSION } from '../../src/protocol/messages';

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((p) => p.close()));

function pair() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return { page: port1 as unknown as ClientEndpoint, worker: port2 as unknown as Endpoint };
}

describe('protocol hello', () => {
  it('answers with the protocol version and the storage it opened', async () => {
    const { page, worker } = pair();
    startHost(worker, { openStore: async () => createMemoryStore(new MemorySaver(), { dbName: 'test-db', version: 3 }) });
    const client = createWorkerClient(page);
    const reply = await client.hello();
    expect(reply.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(reply.storage).toEqual({ dbName: 'test-db', version: 3 });
  });

  it('rejects a page that speaks another protocol version, as data', async () => {
    const { page, worker } = pair();
    startHost(worker, { openStore: async () => createMemoryStore(new MemorySaver(), { dbName: 'x', version: 1 }) });
    const client = createWorkerClient(page);
    await expect(client.request('rg/hello', { protocolVersion: 99 })).rejects.toMatchObject({
      data: { code: 'PROTOCOL_VERSION_MISMATCH' },
    });
  });

  it('reports a storage failure as an error reply instead of hanging', async () => {
    const { page, worker } = pair();
    startHost(worker, { openStore: async () => { throw new Error('quota exceeded'); } });
    const client = createWorkerClient(page);
    await expect(client.hello()).rejects.toThrow('quota exceeded');
  });
});
