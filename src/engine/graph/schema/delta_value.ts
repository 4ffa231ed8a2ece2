/**
 * `DeltaValue` (LangGraph.js 1.7.3, beta): a `StateSchema` key backed by a `DeltaChannel`, whose
 * batch reducer folds a step's writes at once (see ../../channels/delta).
 */
import type { BatchReducer } from '../../channels/delta';
import type { StandardSchemaLike } from './state_schema';

const DELTA = Symbol.for('langgraph.state.delta_value');

/** A key whose writes are folded by a batch `reducer` (validated by `inputSchema`, default: the value schema). */
export class DeltaValue<V = unknown, I = V> {
  readonly [DELTA] = true;
  readonly valueSchema: StandardSchemaLike<V> | unknown;
  readonly inputSchema: StandardSchemaLike<I> | unknown;
  readonly reducer: BatchReducer<V, I>;
  /** Updates between two snapshots in LangGraph.js's checkpoints. */
  readonly snapshotFrequency?: number;
  readonly jsonSchemaExtra?: Record<string, unknown>;
  constructor(
    valueSchema: StandardSchemaLike<V> | unknown,
    init: { reducer: (current: V, writes: I[]) => V; inputSchema?: StandardSchemaLike<I> | unknown; snapshotFrequency?: number; jsonSchemaExtra?: Record<string, unknown> },
  ) {
    this.valueSchema = valueSchema;
    this.inputSchema = 'inputSchema' in init ? init.inputSchema : valueSchema;
    this.reducer = init.reducer;
    this.snapshotFrequency = init.snapshotFrequency;
    this.jsonSchemaExtra = init.jsonSchemaExtra;
  }
  static isInstance(value: unknown): value is DeltaValue {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DELTA] === true;
  }
}
