/**
 * The sandbox iframe, owned by the page: created hidden with `sandbox="allow-scripts"` (an opaque
 * origin, its own process in Chromium), booted with the engine bundle the page fetched, and wired
 * to the storage worker with a MessageChannel (the bootstrap's control port). The page reads only
 * two messages from it, `ready` and `pong`; everything else crosses between the storage worker and
 * the sandbox workers directly. A heartbeat notices a frame that died (e.g. graph code ran out of
 * memory and took the frame's process down) and replaces it; the storage worker then ends the runs
 * that were going on there as cancelled.
 */
import type { BootstrapToPage, PageToBootstrap } from '../protocol/sandbox';
import { sandboxDocument } from './sandbox-bootstrap';

/** Options of `startSandboxFrame`. */
export interface SandboxFrameOptions {
  /** The engine bundle (one classic script), fetched once. */
  engineUrl: string;
  /** Hands the bootstrap's control port to the storage worker. */
  attach(port: MessagePort): Promise<unknown> | void;
  /** Heartbeat period. @default 1000 */
  heartbeatMs?: number;
  /** Heartbeats missed in a row (while the page itself kept time) before the frame is replaced. @default 4 */
  missesAllowed?: number;
  /** Called when a frame was replaced, with why. */
  onReplaced?(reason: string): void;
  /** Called when the engine bundle could not be fetched. */
  onError?(message: string): void;
}

/** A running sandbox frame. */
export interface SandboxFrame {
  /** Boots the frame again with a new control port (the storage worker was restarted). */
  reattach(): void;
  /** How many frames were created (1 until one was replaced). */
  readonly generation: number;
  dispose(): void;
}

const isFromBootstrap = (m: unknown): m is BootstrapToPage =>
  typeof m === 'object' && m !== null && ((m as { t?: unknown }).t === 'ready' || ((m as { t?: unknown }).t === 'pong' && typeof (m as { n?: unknown }).n === 'number'));

/** Creates the sandbox frame and keeps one alive. */
export function startSandboxFrame(options: SandboxFrameOptions): SandboxFrame {
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const missesAllowed = options.missesAllowed ?? 4;
  const code = fetch(options.engineUrl).then((r) => {
    if (!r.ok) throw new Error(`the engine bundle could not be fetched (HTTP ${r.status})`);
    return r.text();
  });
  code.catch((err: unknown) => options.onError?.(err instanceof Error ? err.message : String(err)));

  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let generation = 0;
  let ping = 0;
  let answered = 0;
  let misses = 0;
  let lastTick = performance.now();
  let disposed = false;

  const post = (m: PageToBootstrap, transfer: Transferable[] = []) => frame?.contentWindow?.postMessage(m, '*', transfer);

  const boot = async () => {
    const text = await code;
    if (disposed || !frame) return;
    const { port1, port2 } = new MessageChannel();
    post({ t: 'boot', code: text }, [port2]);
    await options.attach(port1);
  };

  const create = () => {
    frame?.remove();
    ready = false;
    misses = 0;
    answered = ping;
    generation++;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.title = 'Sandbox for graph code';
    frame.hidden = true;
    frame.dataset.testid = 'sandbox-frame';
    frame.srcdoc = sandboxDocument();
    document.body.append(frame);
  };

  const onMessage = (ev: MessageEvent) => {
    if (!frame || ev.source !== frame.contentWindow || !isFromBootstrap(ev.data)) return;
    if (ev.data.t === 'ready' && !ready) {
      ready = true;
      void boot().catch((err: unknown) => options.onError?.(err instanceof Error ? err.message : String(err)));
    } else if (ev.data.t === 'pong') answered = Math.max(answered, ev.data.n);
  };

  const tick = () => {
    const now = performance.now();
    // A late tick means the page itself was busy: the frame's silence proves nothing then.
    if (now - lastTick > heartbeatMs * 2) misses = 0;
    else if (ready && answered < ping) misses++;
    else misses = 0;
    lastTick = now;
    if (misses >= missesAllowed) {
      options.onReplaced?.(`the sandbox frame did not answer ${misses} heartbeats`);
      create();
      return;
    }
    post({ t: 'ping', n: ++ping });
  };

  window.addEventListener('message', onMessage);
  create();
  const timer = setInterval(tick, heartbeatMs);
  return {
    reattach() {
      if (ready) void boot().catch(() => undefined);
    },
    get generation() {
      return generation;
    },
    dispose() {
      disposed = true;
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      frame?.remove();
      frame = null;
    },
  };
}
