/**
 * A sandbox worker's program requests on its main port: only a worker the storage worker runs a
 * program in may ask for a thread session or send console lines; any other worker that does is
 * stopped as a violation. A granted session's port is transferred in the answer.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { PortLike } from '../../src/protocol/endpoint';
import { SANDBOX_PROTOCOL_VERSION } from '../../src/protocol/sandbox';
import type { SandboxLauncher } from '../../src/worker/sandbox/launcher';
import { SandboxWorker } from '../../src/worker/sandbox/worker-handle';

/** A launcher whose one "worker" is the other end of a channel, driven by the test. */
function fakeSandbox(): { launcher: SandboxLauncher; sandbox: Promise<MessagePort> } {
  let give!: (p: MessagePort) => void;
  const sandbox = new Promise<MessagePort>((r) => (give = r));
  const launcher: SandboxLauncher = {
    async spawn() {
      const { port1, port2 } = new MessageChannel();
      port2.postMessage({ type: 'sb/ready', version: SANDBOX_PROTOCOL_VERSION });
      give(port2);
      return port1 as unknown as PortLike;
    },
    kill: () => undefined,
    onFailure: () => () => undefined,
  };
  return { launcher, sandbox };
}

const next = (port: MessagePort) => new Promise<Record<string, unknown>>((r) => port.once('message', r));

describe('program requests on a sandbox worker’s main port', () => {
  it('stops a worker that asks for a thread while it runs no program', async () => {
    const { launcher, sandbox } = fakeSandbox();
    const worker = await SandboxWorker.start(launcher, 'w', 1_000);
    const died = new Promise((r) => worker.onDeath(r));
    (await sandbox).postMessage({ type: 'sb/thread.open', rid: 1, graph: 'app', threadKey: '1', call: 'invoke' });
    expect(await died).toMatchObject({ code: 'SANDBOX_VIOLATION' });
  });

  it("answers a program's request with the session port its host opened", async () => {
    const { launcher, sandbox } = fakeSandbox();
    const worker = await SandboxWorker.start(launcher, 'w', 1_000);
    const asked: unknown[] = [];
    const session = new MessageChannel();
    worker.serveProgram({
      console: () => undefined,
      openThread: async (request) => {
        asked.push(request);
        return { threadId: 'thread-1', port: session.port2 as unknown as PortLike };
      },
    });
    const port = await sandbox;
    const answer = next(port);
    port.postMessage({ type: 'sb/thread.open', rid: 7, graph: 'app', threadKey: 'one', call: 'invoke', resume: true });
    const reply = await answer;
    expect(asked).toEqual([{ graph: 'app', threadKey: 'one', call: 'invoke', resume: true }]);
    expect(reply).toMatchObject({ type: 'sb/thread.opened', rid: 7, ok: true, threadId: 'thread-1' });
    // The port crossed: what the host's end sends, the sandbox's end receives.
    const got = new Promise((r) => (reply.session as MessagePort).once('message', r));
    session.port1.postMessage('hello');
    expect(await got).toBe('hello');
    (reply.session as MessagePort).close();
    session.port1.close();
    worker.kill({ code: 'RUN_CANCELLED', name: 'Done', message: 'done' });
    port.close();
  });
});
