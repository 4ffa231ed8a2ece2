/**
 * Remote graph reads: the storage worker's read path asks the graph's sandbox worker for what only
 * the engine can compute (`next` of history rows, state snapshots), over a read-only session bound
 * to the thread. A read that fails or times out is answered without the engine's part (the stored
 * rows are still worth showing); a read that breaks the session's rules stops the worker.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import type { GraphRef, OmitEach, SandboxReplyOf, ToSandbox, WireSnapshot } from '../../protocol/sandbox';
import type { SandboxController } from './controller';
import { serveSession } from './session';
import { violation } from './worker-handle';

type ReadRequest = OmitEach<Extract<ToSandbox, { type: 'sb/history' | 'sb/state' }>, 'rid' | 'session'>;

async function remoteRead<M extends ReadRequest>(
  sandbox: SandboxController, saver: BaseCheckpointSaver, body: M, what: string,
): Promise<SandboxReplyOf[M['type']] | null> {
  let worker;
  try {
    worker = await sandbox.graphWorker(body.graph.id);
  } catch {
    return null;
  }
  const { port1, port2 } = new MessageChannel();
  const session = serveSession(port1, saver, { threadId: body.threadId, mode: 'read' }, {
    onViolation: (detail) => worker.kill(violation(detail)),
  });
  try {
    const reply = await worker.request({ ...body, session: port2 } as never, { timeoutMs: sandbox.limits.readMs, what }, [port2]);
    return reply as SandboxReplyOf[M['type']];
  } catch {
    return null;
  } finally {
    session.close();
  }
}

/** `next` of each row of a history page, by checkpoint id (empty when the engine cannot say). */
export async function historyNext(
  sandbox: SandboxController, saver: BaseCheckpointSaver, graph: GraphRef, threadId: string, ns: string, limit: number, before?: string,
): Promise<Map<string, string[]>> {
  const reply = await remoteRead(sandbox, saver, { type: 'sb/history', graph, threadId, ns, limit, ...(before ? { before } : {}) }, `Reading the history of thread "${threadId.slice(0, 60)}"`);
  return new Map(reply?.next ?? []);
}

/** State snapshots of checkpoints of one namespace (null where the engine cannot say). */
export async function stateSnapshots(
  sandbox: SandboxController, saver: BaseCheckpointSaver, graph: GraphRef, threadId: string, ns: string, checkpointIds: string[],
): Promise<(WireSnapshot | null)[]> {
  const reply = await remoteRead(sandbox, saver, { type: 'sb/state', graph, threadId, ns, checkpointIds }, `Reading a checkpoint of thread "${threadId.slice(0, 60)}"`);
  return reply && reply.snapshots.length === checkpointIds.length ? reply.snapshots : checkpointIds.map(() => null);
}
