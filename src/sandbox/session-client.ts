/**
 * The sandbox end of a session port: checkpointer calls matched to their replies by `rid`, and
 * notices (run events, the run's end) that need no reply. Messages on one port arrive in order,
 * so the storage worker handles every call after everything sent before it.
 */
import { listen, type PortLike } from '../protocol/endpoint';
import type { FromSession, OmitEach, SessionRequest, ToSession } from '../protocol/sandbox';
import type { WireError } from '../protocol/dto';

type Body = OmitEach<SessionRequest, 'rid'>;

/** An error the storage worker answered a call with. */
export class SessionCallError extends Error {
  constructor(readonly data: WireError) {
    super(data.message);
    this.name = data.name;
  }
}

/**
 * A session port seen from the sandbox. The port is a private field, and a port made safe by
 * safe-port.ts (its platform methods captured at start): graph code that reaches this client or a
 * proxy holding it cannot reach the port.
 */
export class SessionClient {
  readonly #port: PortLike;
  private nextRid = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private readonly stop: () => void;

  constructor(port: PortLike) {
    this.#port = port;
    this.stop = listen(port, (ev) => this.onReply(ev.data as ToSession));
  }

  /**
   * Sends a checkpointer call; resolves with the storage worker's answer. Throws at once when the
   * message cannot be sent (a value the structured clone refuses), so nothing was sent.
   */
  call(body: Body): Promise<unknown> {
    const rid = this.nextRid++;
    const answer = new Promise((resolve, reject) => this.pending.set(rid, { resolve, reject }));
    try {
      this.#port.postMessage({ ...body, rid } as SessionRequest);
    } catch (err) {
      this.pending.delete(rid);
      throw err;
    }
    return answer;
  }

  /** Sends a notice (run events, the run's end). */
  notify(message: Exclude<FromSession, SessionRequest>): void {
    this.#port.postMessage(message);
  }

  /** Stops listening and closes the port. */
  close(): void {
    this.stop();
    this.#port.close();
  }

  private onReply(msg: ToSession): void {
    if (typeof msg !== 'object' || msg === null || msg.type !== 'cp/reply') return;
    const p = this.pending.get(msg.rid);
    if (!p) return;
    this.pending.delete(msg.rid);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new SessionCallError(msg.error));
  }
}
