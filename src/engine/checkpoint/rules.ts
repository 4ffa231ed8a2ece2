/**
 * Rules every saver shares: copying values in and out, the write-index map, metadata filters and
 * config checks. Pure functions, so MemorySaver and the durable savers cannot drift apart.
 */
import { copyValue } from './copy';
import {
  CheckpointValueError,
  WRITES_IDX_MAP,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type RunnableConfig,
} from './types';

/**
 * A structured clone of `value` (a fast exact copy for plain data, see `copy.ts`), or a `CheckpointValueError` naming `channel` when the value cannot
 * be cloned (functions, symbols, class instances holding such things…).
 * @param channel the channel (or field) the value belongs to, for the error message
 * @param value the value to copy
 */
export function cloneValue<T>(channel: string, value: T): T {
  try {
    return copyValue(value);
  } catch (err) {
    throw new CheckpointValueError(channel, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Copies every value of a record, naming the offending key in the error.
 * @param record the values to copy
 * @param label prefix of the name reported for a key (empty for channel values)
 */
export function cloneRecord<T extends Record<string, unknown>>(record: T, label = ''): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    // The label is built only for an error (a record is copied on every checkpoint put).
    try {
      out[key] = copyValue(record[key]);
    } catch (err) {
      throw new CheckpointValueError(label + key, err instanceof Error ? err.message : String(err));
    }
  }
  return out as T;
}

/**
 * The storage index of the `position`-th write of a putWrites call: special channels have a fixed
 * negative index (and overwrite), every other write uses its position (first wins).
 */
export function writeIndex(channel: string, position: number): number {
  return Object.hasOwn(WRITES_IDX_MAP, channel) ? WRITES_IDX_MAP[channel]! : position;
}

/** True for channels whose stored write is replaced by a later one (WRITES_IDX_MAP). */
export function isSpecialWrite(channel: string): boolean {
  return Object.hasOwn(WRITES_IDX_MAP, channel);
}

/** Structural equality of plain data (what a metadata filter compares). */
export function plainEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && plainEqual((a as never)[k], (b as never)[k]));
}

/** Whether `metadata` has every key of `filter` with an equal value. */
export function metadataMatches(metadata: CheckpointMetadata | undefined, filter: CheckpointListOptions['filter']): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([k, v]) => plainEqual(metadata?.[k], v));
}

/** The `before` bound of a list call, if any. */
export function beforeId(options: CheckpointListOptions | undefined): string | undefined {
  return options?.before?.configurable?.checkpoint_id;
}

/** The thread id of a config, or a clear error naming the operation that needed it. */
export function requireThreadId(config: RunnableConfig, operation: string): string {
  const id = config.configurable?.thread_id;
  if (typeof id !== 'string' || id === '') {
    throw new TypeError(`${operation}: config.configurable.thread_id must be a non-empty string.`);
  }
  return id;
}

/** The checkpoint id a config asks for; an empty string means "none" (the latest), as in LangGraph. */
export function requestedCheckpointId(config: RunnableConfig): string | undefined {
  const id = config.configurable?.checkpoint_id;
  return id === '' ? undefined : id;
}

/** The checkpoint id of a config, or a clear error naming the operation that needed it. */
export function requireCheckpointId(config: RunnableConfig, operation: string): string {
  const id = config.configurable?.checkpoint_id;
  if (typeof id !== 'string' || id === '') {
    throw new TypeError(`${operation}: config.configurable.checkpoint_id must be a non-empty string.`);
  }
  return id;
}

/** The config addressing one stored checkpoint. */
export function checkpointConfig(threadId: string, ns: string, checkpointId: string): RunnableConfig {
  return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } };
}
