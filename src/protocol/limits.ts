/**
 * Size limits of everything that crosses a boundary into the storage worker (page requests and
 * sandbox messages) and of every value it stores, in one place. The value limits are the ones an
 * export must fit to be imported again (src/worker/portability/limits.ts derives its file limits
 * from them), so a value refused here is refused when it is written, never only at export.
 */

/** Limits of ids and texts in protocol messages. */
export interface WireLimits {
  /** Characters of a thread, checkpoint, run, task id, namespace or channel name. @default 512 */
  maxIdLength: number;
  /** Characters of a graph's TypeScript source. @default 1_048_576 (1 Mi) */
  maxSourceLength: number;
  /** Characters of an imported file's text. @default 67_108_864 (64 Mi) */
  maxFileLength: number;
  /** Characters of a title, name or short label. @default 200 */
  maxLabelLength: number;
  /** Characters of an error message or stack carried as data. @default 20_000 */
  maxMessageLength: number;
  /** The largest recursion limit a run may ask for. @default 1_000_000 */
  maxRecursionLimit: number;
  /** The longest per-node time limit a run may ask for, in milliseconds. @default 3_600_000 (1 h) */
  maxNodeTimeoutMs: number;
  /** Node names in a breakpoint list. @default 1_000 */
  maxListLength: number;
}

/** The defaults of `WireLimits`. */
export const WIRE_LIMITS: Readonly<WireLimits> = Object.freeze({
  maxIdLength: 512,
  maxSourceLength: 1024 * 1024,
  maxFileLength: 64 * 1024 * 1024,
  maxLabelLength: 200,
  maxMessageLength: 20_000,
  maxRecursionLimit: 1_000_000,
  maxNodeTimeoutMs: 3_600_000,
  maxListLength: 1_000,
});

/**
 * Limits of one stored value (a channel value, a pending write's value, a metadata value), as the
 * export format writes it: `maxDepth` counts the nested arrays and objects of the encoded value,
 * tagged wrappers included (a Map entry sits three levels below its Map).
 */
export interface ValueLimits {
  /** @default 240 (an export file may nest 256 levels; the file's own structure takes the rest) */
  maxDepth: number;
  /** Characters of one string or key. @default 8_388_608 (8 Mi) */
  maxStringLength: number;
  /** Elements of one array, typed array, Map or Set, or bytes of one ArrayBuffer. @default 1_000_000 */
  maxArrayLength: number;
  /** Keys of one object. @default 1_000_000 */
  maxObjectKeys: number;
  /** Values in the whole value as exported (a shared reference counts each time it is reached). @default 5_000_000 */
  maxNodes: number;
  /**
   * Decimal digits of a BigInt (about 332,000 bits: parsing or printing one takes milliseconds;
   * how many an import parses is bounded by the file's size). @default 100_000
   */
  maxBigIntDigits: number;
}

/** The defaults of `ValueLimits`. */
export const VALUE_LIMITS: Readonly<ValueLimits> = Object.freeze({
  maxDepth: 240,
  maxStringLength: 8 * 1024 * 1024,
  maxArrayLength: 1_000_000,
  maxObjectKeys: 1_000_000,
  maxNodes: 5_000_000,
  maxBigIntDigits: 100_000,
});

/** Limits of plain JSON data carried in messages (run inputs, trace events, results). */
export const JSON_LIMITS: Readonly<ValueLimits> = Object.freeze({ ...VALUE_LIMITS, maxDepth: 128 });

/** Limits of one trace event from the sandbox (events carry names and ids, never state). */
export const TRACE_EVENT_LIMITS: Readonly<ValueLimits> = Object.freeze({
  ...VALUE_LIMITS,
  maxDepth: 48,
  maxStringLength: 100_000,
  maxArrayLength: 100_000,
  maxObjectKeys: 10_000,
  maxNodes: 200_000,
});
