/**
 * The heart of a v3 run stream: every protocol event passes through the registered transformers
 * (which may keep it out, or push events of their own) into one ordered log that every view of
 * the run (the root, each subgraph, each projection) reads from its own position.
 */
import { INTERRUPT } from '../../constants';
import { convertToProtocolEvent } from './convert';
import { StreamChannel, isStreamChannel } from './channel';
import type { InterruptPayload, Namespace, ProtocolEvent, StreamTransformer } from './types';

/** What the mux settles when the run ends: a run stream's `output` (see ./run_stream). */
export interface OutputSettler {
  resolveOutput(values: unknown): void;
  rejectOutput(err: unknown): void;
}

/** A subgraph discovered in the run, and its view. */
export interface Discovery {
  ns: Namespace;
  stream: unknown;
}

/** Joins a namespace into a map key. */
export const nsKey = (ns: Namespace): string => ns.join('\0');

/** True when `prefix` starts `ns`, segment for segment. */
export function hasPrefix(ns: Namespace, prefix: Namespace): boolean {
  return prefix.length <= ns.length && prefix.every((seg, i) => ns[i] === seg);
}

const isPromiseLike = (v: unknown): v is PromiseLike<unknown> =>
  v != null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

export class EventMux {
  /** Every event that made it through the transformers, in `seq` order. */
  readonly events = StreamChannel.local<ProtocolEvent>();
  /** Subgraphs as they are discovered. */
  readonly discoveries = StreamChannel.local<Discovery>();
  private seq = 0;
  private closed = false;
  private failure: { err: unknown } | undefined;
  /** Interrupts seen on the root's `values`, as `run.interrupts` reports them. */
  readonly interrupts: InterruptPayload[] = [];
  interrupted = false;
  /** The namespace of the event being processed (where a remote channel's pushes are attributed). */
  private currentNs: Namespace = [];
  private readonly transformers: StreamTransformer<unknown>[] = [];
  private readonly channels: StreamChannel<unknown>[] = [];
  private readonly outputs = new Map<string, OutputSettler>();
  private readonly latestValues = new Map<string, unknown>();
  private readonly finalValues: { name: string; promise: Promise<unknown> }[] = [];

  /** The view whose `output` settles with the last `values` of namespace `ns`. */
  register(ns: Namespace, view: OutputSettler): void {
    this.outputs.set(nsKey(ns), view);
  }

  /** Adds a transformer: it first sees the events already logged (and the end, if there was one). */
  addTransformer(t: StreamTransformer<unknown>): void {
    const seen = this.events.size;
    this.transformers.push(t);
    t.onRegister?.({ push: (ns, event) => this.push(ns, event) });
    for (let i = 0; i < seen; i += 1) t.process(this.events.get(i));
    if (!this.closed) return;
    if (this.failure) t.fail?.(this.failure.err);
    else void t.finalize?.();
  }

  /**
   * Wires an extension's projection: a remote StreamChannel's pushes become `custom:<name>`
   * events; a promise's value is sent as a `custom` event `{ name, payload }` once the run ends.
   */
  wireChannels(projection: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(projection)) {
      if (isStreamChannel(value)) {
        this.channels.push(value);
        const name = value.channelName;
        if (typeof name !== 'string') continue;
        value._wire((item) => this.append({ method: `custom:${name}`, namespace: this.currentNs, data: item }));
      } else if (isPromiseLike(value)) {
        this.finalValues.push({ name: key, promise: Promise.resolve(value) });
      }
    }
  }

  /** Runs `event` through the transformers and logs it unless one of them keeps it out. */
  push(ns: Namespace, event: ProtocolEvent): void {
    if (event.method === 'values') this.latestValues.set(nsKey(ns), event.params.data);
    const outer = this.currentNs;
    this.currentNs = ns;
    let keep = true;
    for (const t of this.transformers) if (!t.process(event)) keep = false;
    this.currentNs = outer;
    if (keep) this.events.push({ ...event, seq: this.seq++ });
  }

  /** Marks the run interrupted (a `values` chunk carrying `__interrupt__`). */
  markInterrupted(interrupts: InterruptPayload[]): void {
    this.interrupted = true;
    this.interrupts.push(...interrupts);
  }

  /** The run ended: outputs settle, transformers finalize, channels and logs close. */
  close(): void {
    this.closed = true;
    for (const [key, values] of this.latestValues) this.outputs.get(key)?.resolveOutput(values);
    const pending: PromiseLike<void>[] = [];
    for (const t of this.transformers) {
      const r = t.finalize?.();
      if (isPromiseLike(r)) pending.push(r);
    }
    for (const c of this.channels) c._close();
    const finals = this.finalValues.map(async ({ name, promise }) => {
      try {
        const payload = await promise;
        if (!this.events.done) this.append({ method: 'custom', namespace: [], data: { name, payload } });
      } catch {
        // A rejected projection sends nothing.
      }
    });
    if (pending.length === 0 && finals.length === 0) this.endLogs();
    else void Promise.allSettled([...pending, ...finals]).then(() => this.endLogs());
    // Views of namespaces that never sent `values` settle with undefined.
    for (const view of this.outputs.values()) view.resolveOutput(undefined);
  }

  /** The run failed: everything fails with `err`. */
  fail(err: unknown): void {
    this.closed = true;
    this.failure = { err };
    for (const t of this.transformers) t.fail?.(err);
    for (const c of this.channels) c._fail(err);
    this.events.fail(err);
    this.discoveries.fail(err);
    for (const view of this.outputs.values()) view.rejectOutput(err);
  }

  /** The logged events under namespace `path`, from position `startAt`. */
  subscribe(path: Namespace, startAt = 0): AsyncIterator<ProtocolEvent> {
    const base = this.events.iterate(startAt);
    return {
      async next() {
        for (;;) {
          const r = await base.next();
          if (r.done || hasPrefix(r.value.params.namespace, path)) return r;
        }
      },
    };
  }

  private append(e: { method: string; namespace: Namespace; data: unknown }): void {
    this.events.push({ type: 'event', seq: this.seq++, method: e.method, params: { namespace: e.namespace, timestamp: Date.now(), data: e.data } });
  }

  private endLogs(): void {
    this.events.close();
    this.discoveries.close();
  }
}

/** Feeds Pregel chunks (`[namespace, mode, payload]`) into the mux until the source ends or fails. */
export async function pump(source: AsyncIterable<unknown>, mux: EventMux): Promise<void> {
  let seq = 0;
  try {
    for await (const chunk of source) {
      const [ns, mode, payload] = chunk as [Namespace, string, unknown];
      const interrupts = mode === 'values' && payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[INTERRUPT] : undefined;
      if (Array.isArray(interrupts)) {
        mux.markInterrupted(interrupts.map((i: { id?: string; value?: unknown }) => ({ interruptId: i.id ?? '', payload: i.value })));
      }
      const events = convertToProtocolEvent({ namespace: ns, mode, payload, seq });
      seq += events.length;
      for (const e of events) mux.push(ns, e);
    }
  } catch (e) {
    mux.fail(e);
    return;
  }
  mux.close();
}
