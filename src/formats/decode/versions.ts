/**
 * Channel versions, from each language's form to the engine's integers.
 *
 * LangGraph.js versions are integers already. LangGraph Python's `get_next_version` writes
 * `f"{n:032}.{random:016}"`: a zero-padded counter, a dot and a random fraction. The counter is
 * what orders versions of a channel (the fraction only breaks ties between branches), so the
 * engine's integer is the counter. The raw forms are kept beside the checkpoint for display.
 */
import type { ChannelVersions } from '../../engine/checkpoint/types';

/** A stored version as an integer (0 when it has no readable counter). */
export function toEngineVersion(raw: unknown): number {
  if (typeof raw === 'number' && Number.isFinite(raw)) return Math.floor(raw);
  if (typeof raw === 'string') {
    const n = Number.parseInt(raw.split('.')[0]!, 10);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** A record of stored versions as integers. */
export function toEngineVersions(raw: unknown): ChannelVersions {
  const out: ChannelVersions = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw)) Object.defineProperty(out, k, { value: toEngineVersion(v), enumerable: true, writable: true, configurable: true });
  return out;
}

/** `versions_seen` (node → channel → version) as integers. */
export function toEngineVersionsSeen(raw: unknown): Record<string, ChannelVersions> {
  const out: Record<string, ChannelVersions> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw)) Object.defineProperty(out, k, { value: toEngineVersions(v), enumerable: true, writable: true, configurable: true });
  return out;
}
