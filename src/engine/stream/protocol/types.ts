/**
 * The shapes of LangGraph.js 1.7.3's stream protocol (`streamEvents(…, { version: 'v3' })`):
 * protocol events, transformers and what they project.
 */
import type { StreamMode } from '../../pregel/io';

/** Where an event comes from: `[]` for the root graph, `['sub:<task id>', …]` for subgraphs. */
export type Namespace = string[];

/** An event's method: a stream mode, `lifecycle`, `input`, or an extension's `custom:<name>`. */
export type ProtocolMethod = StreamMode | 'lifecycle' | 'input' | (string & {});

/** One protocol event. `seq` orders the events of a run. */
export interface ProtocolEvent {
  readonly type: 'event';
  readonly seq: number;
  readonly method: ProtocolMethod;
  readonly params: {
    readonly namespace: Namespace;
    readonly timestamp: number;
    readonly node?: string;
    readonly data: unknown;
  };
}

/** What a transformer may push events through (they reach every transformer and the run's log). */
export interface StreamEmitter {
  push(ns: Namespace, event: ProtocolEvent): void;
}

/**
 * Sees every protocol event of a run. `init()` returns its projection (merged into
 * `run.extensions`); `process` returning `false` keeps the event out of the run's log.
 */
export interface StreamTransformer<TProjection = unknown> {
  init(): TProjection;
  onRegister?(emitter: StreamEmitter): void;
  process(event: ProtocolEvent): boolean;
  finalize?(): void | PromiseLike<void>;
  fail?(err: unknown): void;
}

/** A transformer whose projection is assigned onto the run stream itself, not `extensions`. */
export interface NativeStreamTransformer<TProjection = unknown> extends StreamTransformer<TProjection> {
  readonly __native: true;
}

/** True for a {@link NativeStreamTransformer}. */
export function isNativeTransformer(t: StreamTransformer<unknown>): t is NativeStreamTransformer {
  return '__native' in t && (t as { __native?: unknown }).__native === true;
}

/** The projections of a list of transformer factories, intersected. */
export type InferExtensions<T extends ReadonlyArray<() => StreamTransformer<unknown>>> = T extends readonly []
  ? Record<string, never>
  : T extends readonly [() => StreamTransformer<infer P>, ...infer Rest extends ReadonlyArray<() => StreamTransformer<unknown>>]
    ? P & InferExtensions<Rest>
    : Record<string, unknown>;

/** An interrupt as the run stream reports it. */
export interface InterruptPayload<TPayload = unknown> {
  interruptId: string;
  payload: TPayload;
}

/** `tools` events on the protocol. */
export type ToolsEventData =
  | { event: 'tool-started'; tool_call_id: string; tool_name: string; input: unknown }
  | { event: 'tool-output-delta'; tool_call_id: string; delta: string }
  | { event: 'tool-finished'; tool_call_id: string; output: unknown }
  | { event: 'tool-error'; tool_call_id: string; message: string };

/** `updates` events on the protocol: one node's delta. */
export interface UpdatesEventData {
  node?: string;
  values: Record<string, unknown>;
}

/** How a tool call ended. */
export type ToolCallStatus = 'running' | 'finished' | 'error';

/** A graph's status on the `lifecycle` channel. */
export type AgentStatus = 'started' | 'running' | 'completed' | 'failed' | 'interrupted';
