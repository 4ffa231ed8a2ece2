/**
 * `GraphRunStream`: what `streamEvents(…, { version: 'v3' })` returns. An async iterable of the
 * run's protocol events, with projections: `values` (iterable and awaitable), `output`,
 * `messages`, `subgraphs` (a `SubgraphRunStream` per subgraph), `lifecycle`, `interrupted` /
 * `interrupts`, `extensions` (user transformers' projections), `abort()` / `signal`.
 */
import type { StreamChannel } from './channel';
import { EventMux, pump, type OutputSettler } from './mux';
import { createLifecycleTransformer, filterLifecycleEntries, type LifecycleEntry } from './transformers/lifecycle';
import { createMessagesTransformer, type NodeChatModelStream } from './transformers/messages';
import { createSubgraphDiscoveryTransformer, filterSubgraphHandles } from './transformers/subgraphs';
import { createValuesTransformer } from './transformers/values';
import { isNativeTransformer, type InterruptPayload, type Namespace, type ProtocolEvent, type StreamTransformer } from './types';
import { abortController, isAbortController, type ControllerLike, type SignalLike } from './web';

const EMPTY: AsyncIterable<never> = { [Symbol.asyncIterator]: () => ({ next: async () => ({ value: undefined as never, done: true }) }) };

/** Projections a run stream is given by its maker (not part of the public surface). */
interface Wiring {
  valuesLog?: StreamChannel<unknown>;
  messages?: AsyncIterable<NodeChatModelStream>;
  lifecycle?: AsyncIterable<LifecycleEntry>;
  subgraphs?: AsyncIterable<SubgraphRunStream>;
}

export class GraphRunStream<TValues = unknown, TExtensions = Record<string, unknown>> implements AsyncIterable<ProtocolEvent>, OutputSettler {
  readonly path: Namespace;
  /** The projections of the user's transformers, merged. */
  readonly extensions: TExtensions;
  /** @internal */
  readonly _mux: EventMux;
  /** @internal */
  _wiring: Wiring = {};
  private readonly discoveryStart: number;
  private readonly eventStart: number;
  private readonly controller: ControllerLike;
  private settle: { resolve(v: TValues): void; reject(e: unknown): void } | undefined;
  private readonly done: Promise<TValues>;

  constructor(path: Namespace, mux: EventMux, discoveryStart = 0, eventStart = 0, extensions?: TExtensions, controller?: ControllerLike) {
    this.path = path;
    this._mux = mux;
    this.discoveryStart = discoveryStart;
    this.eventStart = eventStart;
    this.extensions = extensions ?? ({} as TExtensions);
    this.controller = controller ?? abortController();
    this.done = new Promise<TValues>((resolve, reject) => (this.settle = { resolve, reject }));
    // Nobody awaiting `output` must not make a failed run an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** The protocol events of this graph and its subgraphs. */
  [Symbol.asyncIterator](): AsyncIterator<ProtocolEvent> {
    return this._mux.subscribe(this.path, this.eventStart);
  }

  /** The subgraphs directly under this graph, as they start. */
  get subgraphs(): AsyncIterable<SubgraphRunStream> {
    return this._wiring.subgraphs ?? filterSubgraphHandles<SubgraphRunStream>(this._mux.discoveries, this.path, this.discoveryStart);
  }

  /** This graph's state after each step (iterate), or its final state (await). */
  get values(): AsyncIterable<TValues> & PromiseLike<TValues> {
    const log = this._wiring.valuesLog;
    const { _mux: mux, path, eventStart, done } = this;
    const iterate = (): AsyncIterator<TValues> => {
      if (log) return log.iterate() as AsyncIterator<TValues>;
      const base = mux.subscribe(path, eventStart);
      return {
        async next(): Promise<IteratorResult<TValues>> {
          for (;;) {
            const r = await base.next();
            if (r.done) return { value: undefined, done: true };
            if (r.value.method === 'values' && r.value.params.namespace.length === path.length) return { value: r.value.params.data as TValues, done: false };
          }
        },
      };
    };
    return { [Symbol.asyncIterator]: iterate, then: done.then.bind(done) };
  }

  /** One `ChatModelStream` per model call of this graph's nodes. */
  get messages(): AsyncIterable<NodeChatModelStream> {
    if (!this._wiring.messages) this._wiring.messages = this.messagesFrom(undefined);
    return this._wiring.messages;
  }

  /** The model calls of one node of this graph. */
  messagesFrom(node: string | undefined): AsyncIterable<NodeChatModelStream> {
    const t = createMessagesTransformer(this.path, node);
    const projection = t.init();
    this._mux.addTransformer(t);
    return projection.messages;
  }

  /** The lifecycle entries of this graph and its subgraphs. */
  get lifecycle(): AsyncIterable<LifecycleEntry> {
    return this._wiring.lifecycle ?? EMPTY;
  }

  /** This graph's final state (rejects with the run's failure). */
  get output(): Promise<TValues> {
    return this.done;
  }

  /** True once the run stopped at an interrupt. */
  get interrupted(): boolean {
    return this._mux.interrupted;
  }

  get interrupts(): InterruptPayload[] {
    return this._mux.interrupts;
  }

  /** Stops the run. */
  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }

  get signal(): SignalLike {
    return this.controller.signal;
  }

  /** @internal */
  resolveOutput(values: unknown): void {
    this.settle?.resolve(values as TValues);
    this.settle = undefined;
  }

  /** @internal */
  rejectOutput(err: unknown): void {
    this.settle?.reject(err);
    this.settle = undefined;
  }
}

/** The view of one subgraph: `name` and `index` from its namespace segment (`name:index`). */
export class SubgraphRunStream<TValues = unknown, TExtensions = Record<string, unknown>> extends GraphRunStream<TValues, TExtensions> {
  readonly name: string;
  readonly index: number;

  constructor(path: Namespace, mux: EventMux, discoveryStart = 0, eventStart = 0, extensions?: TExtensions, controller?: ControllerLike) {
    super(path, mux, discoveryStart, eventStart, extensions, controller);
    const last = path[path.length - 1] ?? '';
    const at = last.lastIndexOf(':');
    this.name = at >= 0 ? last.slice(0, at) : last;
    const suffix = at >= 0 ? last.slice(at + 1) : '';
    this.index = /^\d+$/.test(suffix) ? Number(suffix) : 0;
  }
}

/** Options of {@link createGraphRunStream}. */
export interface CreateGraphRunStreamOptions {
  /** Aborted by `run.abort()`. */
  abortController?: ControllerLike;
}

/**
 * A run stream over Pregel chunks (`[namespace, mode, payload]`, as `stream(…, { subgraphs: true })`
 * with several modes yields them), with the built-in projections and the given transformers'.
 */
export function createGraphRunStream<TValues = unknown, TExtensions = Record<string, unknown>>(
  source: AsyncIterable<unknown>,
  transformers: ReadonlyArray<() => StreamTransformer<unknown>> = [],
  options?: CreateGraphRunStreamOptions | ControllerLike,
): GraphRunStream<TValues, TExtensions> {
  const controller = isAbortController(options) ? options : (options as CreateGraphRunStreamOptions | undefined)?.abortController;
  const mux = new EventMux();
  const lifecycle = createLifecycleTransformer();
  const lifecycleProjection = lifecycle.init();
  const lifecycleLog = lifecycleProjection._lifecycleLog;
  const discovery = createSubgraphDiscoveryTransformer(mux, {
    createStream: (path, discoveryStart, eventStart) => {
      const sub = new SubgraphRunStream(path, mux, discoveryStart, eventStart);
      sub._wiring = {
        subgraphs: filterSubgraphHandles<SubgraphRunStream>(mux.discoveries, path, discoveryStart),
        lifecycle: filterLifecycleEntries(lifecycleLog, path, lifecycleLog.size),
      };
      return sub;
    },
  });
  const discoveryProjection = discovery.init();
  mux.addTransformer(discovery);
  mux.addTransformer(lifecycle);
  const values = createValuesTransformer([]);
  const messages = createMessagesTransformer([]);
  mux.addTransformer(values);
  mux.addTransformer(messages);
  const extensions: Record<string, unknown> = {};
  const native: unknown[] = [];
  for (const factory of transformers) {
    const t = factory();
    mux.addTransformer(t);
    const projection = t.init();
    if (isNativeTransformer(t)) native.push(projection);
    else if (typeof projection === 'object' && projection !== null) {
      Object.assign(extensions, projection);
      mux.wireChannels(projection as Record<string, unknown>);
    }
  }
  const root = new GraphRunStream<TValues, TExtensions>([], mux, 0, 0, extensions as TExtensions, controller);
  for (const p of native) Object.assign(root, p);
  root._wiring = {
    valuesLog: values.init()._valuesLog,
    messages: messages.init().messages,
    lifecycle: lifecycleProjection.lifecycle,
    subgraphs: discoveryProjection.subgraphs as AsyncIterable<SubgraphRunStream>,
  };
  mux.register([], root);
  void pump(source, mux);
  return root;
}
