/**
 * `streamEvents(input, { version: 'v3' })`: a run streaming every protocol mode with its
 * subgraphs, as a `GraphRunStream` (or its `text/event-stream` bytes).
 */
import type { PlatformAbortSignal } from '../../checkpoint/types';
import type { PregelOptions } from '../../pregel/run';
import { STREAM_EVENTS_V3_MODES } from './convert';
import { protocolEventStream } from './event_stream';
import { createGraphRunStream, type GraphRunStream } from './run_stream';
import type { StreamTransformer } from './types';
import { abortController, type ByteStream, type SignalLike } from './web';

/** Options of a v3 `streamEvents`: a run's options plus the protocol's. */
export interface StreamEventsV3Options extends PregelOptions {
  version: 'v3';
  /** `text/event-stream`: the events as SSE bytes. */
  encoding?: 'text/event-stream';
  /** Transformer factories, after the graph's own (`compile({ transformers })`). */
  transformers?: ReadonlyArray<() => StreamTransformer<unknown>>;
}

/** Starts a run of the graph (its `stream`, with checkpoint envelopes). */
export type StartRun = (input: unknown, options: PregelOptions) => AsyncIterable<unknown>;

/** The run stream of `input` under `options`; `run.abort()` (or the caller's signal) stops the run. */
export function streamEventsV3(input: unknown, options: StreamEventsV3Options, start: StartRun, graphTransformers: ReadonlyArray<() => StreamTransformer<unknown>> = []): GraphRunStream | ByteStream {
  const { version: _v, encoding, transformers, ...rest } = options;
  const controller = abortController();
  const callerSignal = rest.signal as SignalLike | undefined;
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', () => controller.abort(callerSignal.reason), { once: true });
  const runOptions: PregelOptions = { ...rest, streamMode: [...STREAM_EVENTS_V3_MODES], subgraphs: true, signal: controller.signal as PlatformAbortSignal };
  const source: AsyncIterable<unknown> = {
    async *[Symbol.asyncIterator]() {
      yield* start(input, runOptions);
    },
  };
  const run = createGraphRunStream(source, [...graphTransformers, ...(transformers ?? [])], { abortController: controller });
  if (encoding === 'text/event-stream') return protocolEventStream(run, (reason) => run.abort(reason));
  return run;
}
