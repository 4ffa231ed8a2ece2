/**
 * Starting and stopping sandbox workers. In the browser the sandbox iframe's bootstrap does it: the
 * page hands the storage worker the bootstrap's control port (`rg/sandbox.attach`), and each spawn
 * sends it a fresh MessageChannel end, which the bootstrap passes to the new worker. Tests use an
 * in-process launcher with the same interface.
 */
import { listen, type PortLike } from '../../protocol/endpoint';
import type { FromBootstrap, ToBootstrap } from '../../protocol/sandbox';

/** Starts and stops sandbox workers. */
export interface SandboxLauncher {
  /** Starts a fresh sandbox worker named `key`; resolves with its main port (it says `sb/ready` there). */
  spawn(key: string): Promise<PortLike>;
  /** Stops worker `key` at once (a worker looping forever stops too). */
  kill(key: string): void;
  /**
   * Calls `cb` with the key of a worker that reported an error event (fatal only before it said
   * `sb/ready`), or with `'*'` when every worker was lost (the sandbox iframe was replaced).
   */
  onFailure(cb: (key: string) => void): () => void;
}

/** The browser's launcher: drives the bootstrap of whichever sandbox iframe the page attached last. */
export class BootstrapLauncher implements SandboxLauncher {
  private control: PortLike | null = null;
  private unlisten: () => void = () => undefined;
  private readonly waiting: (() => void)[] = [];
  private readonly exits = new Set<(key: string) => void>();

  /**
   * @param attachTimeoutMs how long a spawn waits for the page to attach a sandbox
   */
  constructor(private readonly attachTimeoutMs = 15_000) {}

  /** Takes the control port of a (new) sandbox iframe; the workers of the previous one are gone. */
  attach(port: PortLike): void {
    const replaced = this.control !== null;
    this.unlisten();
    this.control?.close();
    this.control = port;
    this.unlisten = listen(port, (ev) => {
      const m = ev.data as FromBootstrap;
      if (typeof m === 'object' && m !== null && m.t === 'error' && typeof m.key === 'string') this.emit(m.key);
    });
    if (replaced) this.emit('*');
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** True once a sandbox is attached. */
  get attached(): boolean {
    return this.control !== null;
  }

  async spawn(key: string): Promise<PortLike> {
    if (!this.control) await this.waitForAttach();
    const { port1, port2 } = new MessageChannel();
    this.post({ t: 'spawn', key }, [port2]);
    return port1;
  }

  kill(key: string): void {
    this.post({ t: 'kill', key });
  }

  onFailure(cb: (key: string) => void): () => void {
    this.exits.add(cb);
    return () => void this.exits.delete(cb);
  }

  private post(m: ToBootstrap, transfer: Transferable[] = []): void {
    this.control?.postMessage(m, transfer);
  }

  private emit(key: string): void {
    for (const cb of [...this.exits]) cb(key);
  }

  private waitForAttach(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(wake);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new Error(`no sandbox was attached within ${this.attachTimeoutMs} ms (the page creates it when it starts)`));
      }, this.attachTimeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(wake);
    });
  }
}
