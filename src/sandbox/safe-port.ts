/**
 * Ports that graph code cannot observe. Graph code runs in the same worker as the engine and may
 * replace any prototype method (`MessagePort.prototype.postMessage`, `EventTarget.prototype
 * .addEventListener`, the `MessageEvent.prototype.data` getter, `Function.prototype.call`…) to be
 * handed the port a method is called on, or the message an event carries (which holds the session
 * port of a run). So the platform's own methods are captured here, when the sandbox bundle is
 * evaluated (sandbox.worker.ts imports this module first, before any gallery or user module), and
 * every port the sandbox serves is driven only through them: no method of a port or of an event is
 * looked up after graph code may have run.
 *
 * The storage worker judges every session message as if graph code wrote it all the same
 * (src/worker/sandbox/session.ts): this keeps the port from graph code, the session keeps history.
 */
import type { Endpoint, PortLike } from '../protocol/endpoint';

type Uncurried = (self: unknown, ...args: unknown[]) => unknown;

// `bind` and `call` themselves are read now: a later replacement of either changes nothing here.
const bind = Function.prototype.bind;
const call = Function.prototype.call;
/** `fn` as a function of its receiver, calling the captured `fn` through the captured `call`. */
const uncurry = (fn: unknown): Uncurried => bind.call(call, fn) as Uncurried;

const hasOwn = Object.hasOwn;
const mapGet = uncurry(Map.prototype.get);
const mapSet = uncurry(Map.prototype.set);
const mapDelete = uncurry(Map.prototype.delete);
const freeze = Object.freeze;
const isPrototypeOf = uncurry(Object.prototype.isPrototypeOf);
const portProto = (globalThis as { MessagePort?: { prototype: MessagePort } }).MessagePort?.prototype;
const native = portProto && {
  post: uncurry(portProto.postMessage),
  add: uncurry(portProto.addEventListener),
  remove: uncurry(portProto.removeEventListener),
  start: uncurry(portProto.start),
  close: uncurry(portProto.close),
};
const dataGetter = (globalThis as { MessageEvent?: { prototype: MessageEvent } }).MessageEvent
  && Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')?.get;
const dataOf = dataGetter ? uncurry(dataGetter) : (ev: unknown) => (ev as { data: unknown }).data;

/** True when `port` is a platform MessagePort (not a stand-in of a test). */
function isNativePort(port: unknown): boolean {
  return portProto !== undefined && typeof port === 'object' && port !== null && (isPrototypeOf(portProto, port) as boolean);
}

/**
 * `port` behind the captured methods: listeners get `{ data }` (read with the captured getter), so
 * neither the port nor its events reach a method graph code may have replaced. A stand-in port
 * (tests) is used as it is.
 */
export function safePort<T extends Endpoint>(port: T): T {
  if (!native || !isNativePort(port)) return port;
  const n = native;
  type Listener = (ev: MessageEvent) => void;
  const wrapped = new Map<Listener, Listener>();
  const safe: PortLike = {
    postMessage: (message: unknown, transfer?: Transferable[]) => void (transfer ? n.post(port, message, transfer) : n.post(port, message)),
    addEventListener: (type: 'message', listener: (ev: MessageEvent) => void) => {
      const w: Listener = (ev) => listener(freeze({ data: dataOf(ev) }) as MessageEvent);
      mapSet(wrapped, listener, w);
      n.add(port, type, w);
    },
    removeEventListener: (type: 'message', listener: (ev: MessageEvent) => void) => {
      const w = mapGet(wrapped, listener) as Listener | undefined;
      if (!w) return;
      mapDelete(wrapped, listener);
      n.remove(port, type, w);
    },
    start: () => void n.start(port),
    close: () => void n.close(port),
  };
  return freeze(safe) as unknown as T;
}

/** The data of a message event, read with the captured getter. */
export function eventData(ev: MessageEvent): unknown {
  return dataOf(ev);
}

/**
 * Takes the port a message carries in `key` out of it (so nothing that later reads the message
 * can reach the port), behind the captured methods; undefined when there is none.
 */
export function takePort(message: Record<string, unknown>, key: string): PortLike | undefined {
  if (!hasOwn(message, key)) return undefined;
  const port = message[key] as PortLike;
  delete message[key];
  return safePort(port);
}
