/**
 * The size limits every import is held to, in one place. A file past any of them is refused before
 * anything is written, with a message naming the limit and where it was crossed. They leave room
 * for every value the storage worker accepts when it is written (protocol/limits.ts VALUE_LIMITS),
 * so a thread the app stored can be exported and imported again.
 */
import { VALUE_LIMITS } from '../../protocol/limits';

/** Limits on an imported file. */
export interface ImportLimits {
  /** Characters of JSON text. @default 67_108_864 (64 Mi) */
  maxTextLength: number;
  /** Nesting of arrays and objects. @default 256 (a stored value may nest 240 levels as exported) */
  maxDepth: number;
  /** Characters of any one string (values, keys, ids). @default 8_388_608 (8 Mi) */
  maxStringLength: number;
  /** Characters of an id (thread, checkpoint, task, run, namespace, channel). @default 512 */
  maxIdLength: number;
  /** Elements of any one array. @default 1_000_000 */
  maxArrayLength: number;
  /** Keys of any one object. @default 1_000_000 */
  maxObjectKeys: number;
  /** JSON values in the whole file (every object, array, string, number…). @default 5_000_000 */
  maxNodes: number;
  /** Checkpoints (all namespaces) in one thread. @default 50_000 */
  maxCheckpoints: number;
  /** Pending writes saved against one checkpoint. @default 10_000 */
  maxWritesPerCheckpoint: number;
  /** Runs in one thread. @default 10_000 */
  maxRuns: number;
  /** Trace events in one thread. @default 1_000_000 */
  maxTraceEvents: number;
}

/** The defaults (see each field). */
export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  maxTextLength: 64 * 1024 * 1024,
  maxDepth: VALUE_LIMITS.maxDepth + 16,
  maxStringLength: 8 * 1024 * 1024,
  maxIdLength: 512,
  maxArrayLength: 1_000_000,
  maxObjectKeys: VALUE_LIMITS.maxObjectKeys,
  maxNodes: 5_000_000,
  maxCheckpoints: 50_000,
  maxWritesPerCheckpoint: 10_000,
  maxRuns: 10_000,
  maxTraceEvents: 1_000_000,
});

/** The defaults with some limits overridden. */
export function resolveLimits(overrides: Partial<ImportLimits> | undefined): ImportLimits {
  return { ...DEFAULT_IMPORT_LIMITS, ...overrides };
}
