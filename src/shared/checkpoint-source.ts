/**
 * A checkpoint's `metadata.source`, as LangGraph writes it, and as it is shown when stored data
 * lacks it or holds another word. The one place that reads it: an absent or unknown source is
 * `unknown`, never made up as `loop` (a `loop` child is what makes the write ledger call a step's
 * writes applied, so a guessed one would be a guessed disposition).
 */

/** The sources LangGraph writes. */
export const CHECKPOINT_SOURCES = ['input', 'loop', 'update', 'fork'] as const;

/** A source LangGraph writes. */
export type KnownSource = (typeof CHECKPOINT_SOURCES)[number];

/** A source as shown: one LangGraph writes, or `unknown` when the stored metadata does not say. */
export type ShownSource = KnownSource | 'unknown';

const KNOWN: ReadonlySet<string> = new Set(CHECKPOINT_SOURCES);

/** True when `value` is a source LangGraph writes. */
export const isKnownSource = (value: unknown): value is KnownSource => typeof value === 'string' && KNOWN.has(value);

/** The source of stored metadata as shown: `unknown` when it is absent or not one LangGraph writes. */
export const sourceShown = (value: unknown): ShownSource => (isKnownSource(value) ? value : 'unknown');
