/**
 * One run in a sandbox worker of its own, as the storage worker drives it: opens the run's write
 * session, bounds loading the graph, cancels (cooperatively, then by stopping the worker after a
 * grace period), times each node when the run has a node limit, decides how the run ended, and
 * stops the run's worker once it ended, with every timer and nested worker its code started. What
 * the sandbox reports is one input: a run the storage worker cancelled, timed out or lost ends
 * `cancelled`, a rule broken or a storage failure ends it `error`, whatever the sandbox says.
 */
import type { WireStoreOp } from '../../protocol/store';
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import type { Json, RunOutcome, WireError } from '../../protocol/dto';
import type { RunEvent } from '../../protocol/messages';
import type { GraphRef, SandboxRunPlan } from '../../protocol/sandbox';
import { ERROR_CODES } from '../../shared/errors';
import type { SandboxController } from './controller';
import { serveSession } from './session';
import { SandboxError, type SandboxWorker } from './worker-handle';
import type { PortLike } from '../../protocol/endpoint';

/**
 * A run whose graph code already runs in a worker (a program's graph call, program-threads.ts): the
 * session's port is handed to that worker (`deliver`) instead of starting the graph there; the
 * worker is not stopped when the run ends (the program owns it).
 */
export interface RunAttach {
  worker: SandboxWorker;
  deliver(port: PortLike): void;
}
import type { WriteOp } from '../../checkpoint/idb/write-ops';

/** How a run ended, as the storage worker decided. */
export interface RunEnd {
  outcome: Exclude<RunOutcome, 'running'>;
  error: WireError | null;
  result: Json | null;
  /** True when it ended before the graph was loaded (its module's top level failed or hung). */
  whileLoading?: boolean;
}

/** What a run in the sandbox needs from the run driver. */
export interface SandboxRunInput {
  graph: GraphRef;
  plan: SandboxRunPlan;
  saver: BaseCheckpointSaver;
  /** The group commit of the session's writes (`ThreadStore.writeBatch`). */
  writeBatch: (ops: readonly WriteOp[]) => Promise<void>;
  /**
   * The checkpoint the run starts from, as the storage worker read it before the run (the thread's
   * head, or the one a replay, resume or fork names; null for a new thread): the session's
   * append-only rule (history-guard.ts) lets the run extend its history only from there.
   */
  startCheckpointId?: string | null;
  /** The thread's store (`getStore()` in the run's nodes). */
  store?: (ops: WireStoreOp[]) => Promise<unknown[]>;
  /** Aborted when the run is cancelled. */
  cancel: AbortSignal;
  /** Per-node time limit in milliseconds, when the user set one. */
  nodeTimeoutMs?: number;
  /** Receives validated events; awaited (back-pressure on the sandbox). */
  onEvents(events: RunEvent[]): Promise<void>;
  now?: () => number;
  /** Run in this worker, already running the graph's code (see RunAttach). */
  attach?: RunAttach;
}

const cancelled = (message: string): RunEnd => ({ outcome: 'cancelled', result: null, error: { code: 'RUN_CANCELLED', name: 'RunCancelled', message } });

/** Tasks started and not finished, from the run's trace events. */
class NodeClock {
  private readonly running = new Map<string, { name: string; since: number }>();
  constructor(private readonly now: () => number) {}

  observe(events: readonly RunEvent[]): void {
    for (const e of events) {
      if (e.kind !== 'trace') continue;
      const ev = e.event as { type: string; taskId?: string; name?: string };
      if (ev.type === '@engine.task.run' && ev.taskId) this.running.set(ev.taskId, { name: ev.name ?? ev.taskId, since: this.now() });
      else if (ev.taskId && ['@engine.task.finished', '@engine.task.retry', '@engine.task.cached', '@engine.error'].includes(ev.type)) this.running.delete(ev.taskId);
      else if (ev.type === '@engine.run.end') this.running.clear();
    }
  }

  /** The node running for longer than `limitMs`, if any. */
  overdue(limitMs: number): string | null {
    const t = this.now();
    for (const r of this.running.values()) if (t - r.since > limitMs) return r.name;
    return null;
  }
}

/** Runs `input.plan` in a fresh sandbox worker; never throws. */
export async function runInSandbox(sandbox: SandboxController, input: SandboxRunInput): Promise<RunEnd> {
  const { plan, graph } = input;
  const limits = sandbox.limits;
  let worker: SandboxWorker;
  let release: () => void; // stops the run's worker
  try {
    ({ worker, release } = input.attach ? { worker: input.attach.worker, release: () => undefined } : await sandbox.runWorker());
  } catch (err) {
    return { outcome: 'error', result: null, error: err instanceof SandboxError ? err.wire : { code: 'SANDBOX_UNAVAILABLE', name: 'SandboxUnavailable', message: String(err) } };
  }
  const { port1, port2 } = new MessageChannel();
  const clock = new NodeClock(input.now ?? (() => performance.now()));
  const cleanup: (() => void)[] = [];
  let loaded = false;
  const ended = new Promise<RunEnd>((resolve) => {
    let done = false;
    const finish = (end: RunEnd) => {
      if (done) return;
      done = true;
      resolve(loaded ? end : { ...end, whileLoading: true });
    };
    let stoppedHere = false;
    const stopWith = (end: RunEnd, why: WireError) => {
      stoppedHere = true;
      finish(end);
      worker.kill(why);
    };
    const start = input.startCheckpointId === undefined ? {} : { start: { ns: plan.at?.checkpoint_ns ?? plan.fork?.ns ?? '', checkpointId: input.startCheckpointId } };
    const binding = { threadId: plan.threadId, mode: 'write' as const, writeBatch: input.writeBatch, ...start, ...(input.store ? { store: input.store } : {}) };
    const session = serveSession(port1, input.saver, binding, {
      onEvents: async (events) => {
        clock.observe(events);
        await input.onEvents(events);
      },
      onEnd: (end) => {
        if (input.cancel.aborted) finish(cancelled('The run was cancelled. Checkpoints committed before the cancel are kept.'));
        else finish({ outcome: end.outcome, result: end.result, error: end.error });
      },
      onViolation: (_detail, error) => stopWith({ outcome: 'error', result: null, error }, error),
      onStorageError: (error) => stopWith({ outcome: 'error', result: null, error }, error),
    });
    cleanup.push(() => session.close());
    cleanup.push(worker.onDeath((why) => {
      if (stoppedHere) return;
      // A rule its worker broke (e.g. a forged message on the main port) ends the run as an error.
      if (why.code === 'SANDBOX_VIOLATION') return finish({ outcome: 'error', result: null, error: why });
      // Else its worker was lost (the sandbox frame was replaced, the storage worker stopped) or
      // stopped with its graph (deleted): `why` says which.
      finish({ outcome: 'cancelled', result: null, error: why });
    }));

    const onCancel = () => {
      worker.notify({ type: 'sb/cancel', runId: plan.runId });
      const grace = setTimeout(() => {
        const message = `The run did not stop within ${limits.cancelGraceMs} ms of the cancel (a node may be looping without awaiting), so its sandbox was stopped. Checkpoints committed before the cancel are kept.`;
        stopWith(cancelled(message), { code: 'RUN_CANCELLED', name: 'RunCancelled', message });
      }, limits.cancelGraceMs);
      cleanup.push(() => clearTimeout(grace));
    };
    if (input.cancel.aborted) onCancel();
    else input.cancel.addEventListener('abort', onCancel, { once: true });
    cleanup.push(() => input.cancel.removeEventListener('abort', onCancel));

    const limit = input.nodeTimeoutMs;
    if (limit !== undefined) {
      const tick = setInterval(() => {
        const node = clock.overdue(limit);
        if (!node) return;
        const error: WireError = { code: 'SANDBOX_TIMEOUT', name: 'SandboxTimeout', message: ERROR_CODES.SANDBOX_TIMEOUT(`Node "${node.slice(0, 80)}"`, limit) };
        stopWith({ outcome: 'cancelled', result: null, error }, error);
      }, Math.max(10, Math.min(250, Math.floor(limit / 4))));
      cleanup.push(() => clearInterval(tick));
    }

    if (input.attach) {
      loaded = true;
      input.attach.deliver(port2);
      return;
    }
    worker.request({ type: 'sb/run', graph, plan, session: port2 }, { timeoutMs: limits.loadMs, what: `Loading graph "${graph.id}"` }, [port2]).then(() => {
      loaded = true;
    }, (err: unknown) => {
      // A timeout stopped the worker already (onDeath reports it); a refusal (e.g. it does not compile) ends the run here.
      if (err instanceof SandboxError && err.wire.code !== 'SANDBOX_TIMEOUT') stopWith({ outcome: 'error', result: null, error: err.wire }, err.wire);
    });
  });
  const end = await ended;
  for (const c of cleanup) c();
  release();
  return end;
}
