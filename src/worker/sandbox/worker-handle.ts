/**
 * One sandbox worker seen from the storage worker: its main port, requests matched to replies
 * with a time limit each, and every reply validated. A request past its limit, a malformed reply
 * or a lost sandbox stops the worker (the bootstrap terminates it) and fails every pending request.
 */
import type { ConsoleLineDTO, ProgramCall, WireError } from '../../protocol/dto';
import { listen, type PortLike } from '../../protocol/endpoint';
import { SANDBOX_PROTOCOL_VERSION, type FromSandbox, type OmitEach, type SandboxReplyOf, type ToSandbox } from '../../protocol/sandbox';
import { replyValueProblem, sandboxMessageProblem } from '../../protocol/sandbox-guards';
import { ERROR_CODES } from '../../shared/errors';
import type { SandboxLauncher } from './launcher';

/** A failure of graph code or of its sandbox, as data. */
export class SandboxError extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
    this.name = wire.name;
  }
}

type Requests = Exclude<ToSandbox, { type: 'sb/cancel' }>;
/** A request without its `rid` (added here). */
export type SandboxRequest = OmitEach<Requests, 'rid'>;

/** How a request is bounded. */
export interface RequestLimit {
  timeoutMs: number;
  /** What is being done, for the timeout's message (e.g. `Loading graph "user:x"`). */
  what: string;
}

/**
 * What a worker running a program (`sb/program`) may ask of the storage worker on its main port:
 * its console lines, and a session for each graph call (answered with the port to hand over).
 */
export interface ProgramHost {
  console(lines: ConsoleLineDTO[]): void;
  openThread(request: { graph: string; threadKey: string; call: ProgramCall; resume: boolean }): Promise<{ threadId: string; port: PortLike }>;
}

/** A started sandbox worker. */
export class SandboxWorker {
  private program: ProgramHost | null = null;
  private nextRid = 1;
  private readonly pending = new Map<number, { type: Requests['type']; resolve(v: unknown): void; reject(e: unknown): void; timer: ReturnType<typeof setTimeout> }>();
  private readonly deaths = new Set<(why: WireError) => void>();
  private stop: () => void = () => undefined;
  private death: WireError | null = null;

  private constructor(readonly key: string, private readonly port: PortLike, private readonly launcher: SandboxLauncher) {}

  /** Spawns worker `key` and waits for its `sb/ready` (at most `bootMs`). */
  static async start(launcher: SandboxLauncher, key: string, bootMs: number): Promise<SandboxWorker> {
    const port = await launcher.spawn(key);
    const worker = new SandboxWorker(key, port, launcher);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.kill(unavailable(`a sandbox worker did not start within ${bootMs} ms`));
        reject(new SandboxError(worker.death!));
      }, bootMs);
      worker.deaths.add((why) => {
        clearTimeout(timer);
        reject(new SandboxError(why));
      });
      worker.stop = listen(port, (ev) => {
        const m = ev.data as FromSandbox;
        if (m?.type === 'sb/ready' && !sandboxMessageProblem(m) && m.version === SANDBOX_PROTOCOL_VERSION) {
          clearTimeout(timer);
          worker.stop();
          worker.stop = listen(port, (e) => worker.onMessage(e.data));
          resolve();
        }
      });
    });
    worker.deaths.clear();
    return worker;
  }

  /** Why the worker stopped, or null while it runs. */
  get dead(): WireError | null {
    return this.death;
  }

  /** Sends a request and resolves with its validated reply; past `limit` the worker is stopped. */
  request<M extends SandboxRequest>(body: M, limit: RequestLimit, transfer: Transferable[] = []): Promise<SandboxReplyOf[M['type']]> {
    if (this.death) return Promise.reject(new SandboxError(this.death));
    const rid = this.nextRid++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.kill(timeout(limit)), limit.timeoutMs);
      this.pending.set(rid, { type: body.type, resolve: resolve as (v: unknown) => void, reject, timer });
      this.port.postMessage({ ...body, rid }, transfer);
    });
  }

  /** Sends a message that needs no reply (`sb/cancel`). */
  notify(message: Extract<ToSandbox, { type: 'sb/cancel' }>): void {
    if (!this.death) this.port.postMessage(message);
  }

  /** Accepts (or, with null, refuses again) a program's console lines and thread requests from this worker. */
  serveProgram(host: ProgramHost | null): void {
    this.program = host;
  }

  /** Calls `cb` once when the worker stops (at once if it already has). */
  onDeath(cb: (why: WireError) => void): () => void {
    if (this.death) {
      cb(this.death);
      return () => undefined;
    }
    this.deaths.add(cb);
    return () => void this.deaths.delete(cb);
  }

  /** Stops the worker (terminated by the bootstrap) and fails what is pending with `why`. */
  kill(why: WireError): void {
    if (this.death) return;
    this.death = why;
    this.stop();
    this.launcher.kill(this.key);
    this.port.close();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new SandboxError(why));
    }
    this.pending.clear();
    for (const cb of [...this.deaths]) cb(why);
    this.deaths.clear();
  }

  /** A program's message: only a worker running a program may send one. */
  private onProgramMessage(m: Extract<FromSandbox, { type: 'sb/console' | 'sb/thread.open' }>): void {
    const host = this.program;
    if (!host) return this.kill(violation(`a "${m.type}" message while it runs no program`));
    if (m.type === 'sb/console') return host.console(m.lines);
    const { rid } = m;
    host.openThread({ graph: m.graph, threadKey: m.threadKey, call: m.call, resume: m.resume === true }).then(({ threadId, port }) => {
      if (this.death) return port.close();
      this.port.postMessage({ type: 'sb/thread.opened', rid, ok: true, threadId, session: port }, [port as unknown as Transferable]);
    }, (err: unknown) => {
      const error: WireError = (err as { wire?: WireError }).wire
        ?? { code: (err as { code?: WireError['code'] }).code ?? 'INTERNAL', name: 'ThreadOpenError', message: err instanceof Error ? err.message : String(err) };
      if (!this.death) this.port.postMessage({ type: 'sb/thread.opened', rid, ok: false, error });
    });
  }

  private onMessage(raw: unknown): void {
    const problem = sandboxMessageProblem(raw);
    if (problem) return this.kill(violation(`a malformed message on its main port: ${problem}`));
    const m = raw as FromSandbox;
    if (m.type === 'sb/console' || m.type === 'sb/thread.open') return this.onProgramMessage(m);
    if (m.type !== 'sb/reply') return;
    const p = this.pending.get(m.rid);
    if (!p) return;
    this.pending.delete(m.rid);
    clearTimeout(p.timer);
    if (!m.ok) return p.reject(new SandboxError(m.error));
    const bad = replyValueProblem(p.type as keyof SandboxReplyOf, m.value);
    if (bad) {
      p.reject(new SandboxError(violation(`a malformed "${p.type}" reply: ${bad}`)));
      return this.kill(violation(`a malformed "${p.type}" reply`));
    }
    p.resolve(m.value);
  }
}

/** SANDBOX_TIMEOUT for a request past its limit. */
export const timeout = (limit: RequestLimit): WireError => ({
  code: 'SANDBOX_TIMEOUT', name: 'SandboxTimeout', message: ERROR_CODES.SANDBOX_TIMEOUT(limit.what, limit.timeoutMs),
});

/** SANDBOX_VIOLATION with a detail. */
export const violation = (detail: string): WireError => ({ code: 'SANDBOX_VIOLATION', name: 'SandboxViolation', message: ERROR_CODES.SANDBOX_VIOLATION(detail) });

/** SANDBOX_UNAVAILABLE with a detail. */
export const unavailable = (detail: string): WireError => ({ code: 'SANDBOX_UNAVAILABLE', name: 'SandboxUnavailable', message: ERROR_CODES.SANDBOX_UNAVAILABLE(detail) });

/** SANDBOX_CRASHED with a detail. */
export const crashed = (detail: string): WireError => ({ code: 'SANDBOX_CRASHED', name: 'SandboxCrashed', message: ERROR_CODES.SANDBOX_CRASHED(detail) });
