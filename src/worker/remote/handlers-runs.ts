/**
 * Runs of a server thread, through the server's API: start, resume (a value or an id map),
 * continue, replay from a checkpoint, fork with edited state, cancel, and follow (join) a run after
 * its stream was cut. The page sees them as it sees local runs: `rg/run.started` once the server
 * named the run (a refusal, e.g. REMOTE_THREAD_BUSY, is the request's error), then `rg/run.events`
 * with each checkpoint as the server commits it, and `rg/run.ended`.
 *
 * Controls map to the server's: `breakBefore` / `breakAfter` → `interruptBefore` / `interruptAfter`,
 * step mode → `interruptAfter: '*'`, `recursionLimit` → `config.recursion_limit`. A per-node time
 * limit has no server equivalent and is not sent.
 */
import type { RemoteRunEvent, RemoteRunStream, RunOptions } from '../../remote';
import type { Json, RunControls, RunOutcome, WireError } from '../../protocol/dto';
import type { ReplyOf, ToWorker } from '../../protocol/messages';
import { isRemoteKey, parseRemoteKey, remoteThreadKey, type RemoteRequest } from '../../protocol/remote';
import { toJsonSafe } from '../../protocol/json-safe';
import { errorToWire } from '../../protocol/wire-error';
import { HostError, hostError } from '../context';
import { toHostError, type RemoteHub, type ThreadRef } from './hub';
import { assistantOf } from './handlers-servers';
import type { SeenNamespaces } from './handlers-reads';
import { checkpointSummary } from './map';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Started = Omit<ReplyOf['rg/run.start'], 'id'>;

/** The server's run options for our run controls. */
export function runOptions(controls: RunControls | undefined): RunOptions {
  const c = controls ?? {};
  return {
    ...(c.breakBefore?.length ? { interruptBefore: c.breakBefore } : {}),
    ...(c.stepMode ? { interruptAfter: '*' as const } : c.breakAfter?.length ? { interruptAfter: c.breakAfter } : {}),
    ...(c.recursionLimit !== undefined ? { config: { recursion_limit: c.recursionLimit } } : {}),
  };
}

/** The assistant a server thread runs with (remembered from opening it, else read from the server). */
async function assistantFor(hub: RemoteHub, ref: ThreadRef): Promise<string> {
  const known = hub.assistantOf.get(ref.key);
  if (known) return known;
  const thread = await ref.client.threads.get(ref.threadId).catch((err: unknown) => Promise.reject(toHostError(err)));
  const found = await assistantOf(hub, ref.serverId, thread.assistantId, thread.graphId, {}).catch((err: unknown) => Promise.reject(toHostError(err)));
  if (!found) throw hostError('BAD_REQUEST', `Thread ${ref.threadId} has never run, so its assistant is not known: start it from the assistant's list in Servers.`);
  hub.assistantOf.set(ref.key, found.assistantId);
  return found.assistantId;
}

/**
 * Follows `stream` for the page: replies once the server named the run, then streams its
 * checkpoints and its end. Faults after the start end the run for the page with the error as data
 * (a cut stream says where to read on); nothing local is written.
 */
async function follow(hub: RemoteHub, seen: SeenNamespaces, ref: ThreadRef, stream: RemoteRunStream): Promise<Started> {
  const iterator = stream[Symbol.asyncIterator]();
  // The request goes out when reading starts; `created` settles once the server named the run.
  const first = iterator.next();
  // A refused run rejects this too; the refusal is answered from `created` below.
  first.catch(() => undefined);
  let runId: string;
  try {
    runId = (await stream.created).runId;
  } catch (err) {
    stream.close();
    throw toHostError(err, ref.key);
  }
  let resolveDone = () => undefined as void;
  const done = new Promise<void>((r) => (resolveDone = r));
  let cancelled: WireError | null = null;
  const cancel = (error: WireError) => {
    cancelled = error;
    stream.close();
  };
  hub.runs.set(runId, { runId, threadKey: ref.key, serverId: ref.serverId, threadId: ref.threadId, stop: () => stream.close(), cancel, done });
  void pump(hub, seen, ref, runId, iterator, first, () => cancelled).finally(() => {
    hub.runs.delete(runId);
    resolveDone();
  });
  return { type: 'rg/run.started', runId, threadId: ref.key };
}

async function pump(
  hub: RemoteHub, seen: SeenNamespaces, ref: ThreadRef, runId: string,
  iterator: AsyncIterator<RemoteRunEvent>, first: Promise<IteratorResult<RemoteRunEvent>>, cancelled: () => WireError | null,
): Promise<void> {
  const send = hub.deps.send;
  let values: unknown = null;
  let failure: WireError | null = null;
  const end = (outcome: RunOutcome, error: WireError | null) => {
    // A stream closed by a cancel ends as cancelled, whatever the server was still sending.
    const byCancel = cancelled();
    const [o, e] = byCancel !== null && outcome !== 'cancelled' ? (['cancelled', byCancel] as const) : [outcome, error];
    send({ type: 'rg/run.ended', runId, threadId: ref.key, outcome: o, error: e, result: values === null ? null : (toJsonSafe(values) as Json) });
  };
  try {
    for (let next = await first; !next.done; next = await iterator.next()) {
      const e = next.value;
      if (e.type === 'debug.checkpoint') {
        seen.add(ref.key, e.checkpoint.ref.checkpointNs);
        send({ type: 'rg/run.events', runId, threadId: ref.key, events: [{ kind: 'checkpoint', checkpoint: checkpointSummary(e.checkpoint) }] });
      } else if (e.type === 'values' && e.ns === '') values = e.values;
      else if (e.type === 'run.error') failure = { code: 'RUN_FAILED', name: e.error.name, message: e.error.message };
      else if (e.type === 'run.end') {
        if (e.status === 'success') {
          // A run stopped by interrupt() ends `success`; the thread says it waits.
          const thread = await ref.client.threads.get(ref.threadId).catch(() => null);
          return end(thread?.status === 'interrupted' ? 'interrupted' : 'done', null);
        }
        if (e.status === 'interrupted') return end('cancelled', { code: 'RUN_CANCELLED', name: 'RunCancelled', message: `Run ${runId} was cancelled on the server.` });
        return end('error', failure ?? { code: 'RUN_FAILED', name: 'RunFailed', message: `Run ${runId} ended "${e.status}" on the server.` });
      }
    }
    end(failure ? 'error' : 'done', failure);
  } catch (err) {
    const h = toHostError(err, ref.key);
    const wire = h instanceof HostError ? { ...errorToWire(h, h.code), ...h.extra } : errorToWire(err, 'INTERNAL');
    // A cut stream: the run may go on on the server; the page is told where to read on from.
    end(wire.code === 'REMOTE_STREAM_CUT' ? 'running' : wire.code === 'REMOTE_ABORTED' ? 'cancelled' : 'error', wire);
  }
}

/** The thread a start request runs on: the key's thread, or a new server thread for a new-thread run. */
async function startThread(hub: RemoteHub, m: Req<'rg/run.start'>): Promise<ThreadRef> {
  if (isRemoteKey(m.threadId)) return hub.thread(m.threadId);
  const graph = parseRemoteKey(m.graphId)!;
  const { client } = await hub.client(graph.serverId);
  const created = await client.threads.create({}).catch((err: unknown) => Promise.reject(toHostError(err)));
  const ref = await hub.thread(remoteThreadKey(graph.serverId, created.threadId));
  hub.assistantOf.set(ref.key, graph.id);
  return ref;
}

/** Runs whose thread or graph is on a server. */
export async function onRemoteRun(hub: RemoteHub, seen: SeenNamespaces, m: RemoteRunRequest): Promise<Started> {
  if (m.type === 'rg/run.start') {
    const graph = parseRemoteKey(m.graphId);
    if (!graph) throw hostError('BAD_REQUEST', 'A server thread runs only with its server\'s assistants.');
    const ref = await startThread(hub, m);
    hub.assistantOf.set(ref.key, graph.id);
    return follow(hub, seen, ref, ref.client.runs.start(ref.threadId, graph.id, m.input, runOptions(m.controls)));
  }
  if (m.type === 'rg/remote.run.join') {
    const ref = await hub.thread(m.threadKey);
    return follow(hub, seen, ref, ref.client.runs.join(ref.threadId, m.runId, m.lastEventId ? { lastEventId: m.lastEventId } : {}));
  }
  const ref = await hub.thread(m.threadId);
  const assistant = await assistantFor(hub, ref);
  const options = runOptions(m.controls);
  switch (m.type) {
    case 'rg/run.resume':
      return follow(hub, seen, ref, ref.client.runs.resume(ref.threadId, assistant, m.resume.kind === 'value' ? { value: m.resume.value } : { byInterruptId: m.resume.values }, options));
    case 'rg/run.continue':
      return follow(hub, seen, ref, ref.client.runs.start(ref.threadId, assistant, null, options));
    case 'rg/run.replay':
      return follow(hub, seen, ref, ref.client.runs.replay(ref.threadId, assistant, m.checkpointId, options));
    case 'rg/run.fork': {
      if (!m.run) throw hostError('BAD_REQUEST', 'A fork of a server thread runs from the new checkpoint (run: true).');
      const fork = await ref.client.runs
        .fork(ref.threadId, assistant, { checkpointId: m.checkpointId, checkpointNs: m.ns, values: m.values, ...(m.asNode ? { asNode: m.asNode } : {}) }, options)
        .catch((err: unknown) => Promise.reject(toHostError(err, ref.key)));
      return follow(hub, seen, ref, fork.stream);
    }
  }
}

export type RemoteRunRequest =
  | Req<'rg/run.start'> | Req<'rg/run.resume'> | Req<'rg/run.continue'> | Req<'rg/run.replay'> | Req<'rg/run.fork'>
  | Extract<RemoteRequest, { type: 'rg/remote.run.join' }>;

/** How long a cancel waits for the server to confirm it, before the stream is closed anyway. */
export const CANCEL_CONFIRM_MS = 3_000;
/** After the server confirmed, how long its stream may take to end by itself (its last events) before it is closed. */
export const CANCEL_END_GRACE_MS = 1_000;

/**
 * rg/run.cancel of a server run: the server is asked to stop it (keeping what it saved), for at
 * most CANCEL_CONFIRM_MS; then the run's stream gets CANCEL_END_GRACE_MS to end by itself, and is
 * closed (its fetch aborted) if it has not, so the page hears `rg/run.ended` (cancelled) within a
 * few seconds whatever the server does: a stream that never ends or stays silent is only this
 * run's problem, never a reason to stop the storage worker or anything else. A cancel the server
 * refused is this request's error; the run's end says the server may still be running it.
 */
export async function onRemoteCancel(hub: RemoteHub, runId: string): Promise<Omit<ReplyOf['rg/run.cancel'], 'id'>> {
  const run = hub.runs.get(runId)!;
  let refusal: unknown = null;
  try {
    const { client } = await hub.client(run.serverId);
    await hub.call(undefined, (o) => client.runs.cancel(run.threadId, runId, { ...o, action: 'interrupt', timeoutMs: CANCEL_CONFIRM_MS }));
  } catch (err) {
    refusal = err;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([run.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, refusal === null ? CANCEL_END_GRACE_MS : 0)))]);
  clearTimeout(timer);
  const why = refusal instanceof HostError ? refusal.message : refusal === null ? null : String(refusal);
  run.cancel({
    code: 'RUN_CANCELLED',
    name: 'RunCancelled',
    message: why === null
      ? `Run ${runId} was cancelled: the server confirmed, and its stream was closed.`
      : `Run ${runId} is no longer followed, but the server did not confirm the cancel (${why}): it may still be running there.`,
  });
  await run.done;
  if (refusal !== null) throw refusal;
  return { type: 'rg/ok' };
}
