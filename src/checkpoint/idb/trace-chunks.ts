/**
 * The trace chunk records (`trace_chunks`, see traces.ts): built from appended events, and read
 * back per topic and in run order. Pure functions over plain records, so the append path, the
 * schema upgrade that chunks an older database's single-event records, and the readers share them.
 */
import type { TickTracker } from '../../shared/ticks';
import { topicKeysOf } from './trace-keys';

/**
 * Consecutive trace events of one run (`trace_chunks`, traces.ts). `end` is the position in the run just past its
 * last event, so its first event is at `end - events.length`; `seq` is the thread's trace counter
 * at its first event, ordering the thread's runs by start.
 */
export interface TraceChunkRecord {
  thread_id: string;
  run_id: string;
  end: number;
  seq: number;
  events: unknown[];
  /** The distinct topic keys of its events (`checkpointKey`s, `runsKey`; indexed by `by_topic`); absent: none. */
  topic_keys?: string[];
  /** Parallel to `topic_keys`: the indexes in `events` of the events about each key, ascending. */
  about?: number[][];
}

/** The most events one chunk holds: a topic read fetches whole chunks, so they stay small enough to read for a few events. */
export const TRACE_CHUNK_EVENTS = 256;

/** The run an event belongs to: its `runId` when it has one. */
export function runOf(event: unknown): string {
  const runId = typeof event === 'object' && event !== null ? (event as { runId?: unknown }).runId : undefined;
  return typeof runId === 'string' ? runId : '';
}

/** A chunk being filled: its topic keys' positions, to list each key once. */
interface OpenChunk {
  record: TraceChunkRecord;
  keyIndex: Map<string, number>;
}

/**
 * Groups a thread's events into chunks, per run, in append order. Each run continues from its
 * stored length (`setRunLength`, read before building); a run's events go to its own chunks even
 * when runs interleave in one append, so every chunk is one run's consecutive events.
 */
export class ChunkBuilder {
  private readonly lengths = new Map<string, number>();
  private readonly open = new Map<string, OpenChunk>();
  private readonly chunks: TraceChunkRecord[] = [];

  constructor(private readonly threadId: string) {}

  /** The distinct runs of `events`, in first-appearance order. */
  runsOf(events: readonly unknown[]): string[] {
    return [...new Set(events.map(runOf))];
  }

  /** How many events run `runId` has stored already. */
  setRunLength(runId: string, length: number): void {
    this.lengths.set(runId, length);
  }

  /**
   * Adds one event (its thread `seq` and topic keys given) to its run's open chunk, starting a new
   * chunk when there is none or it is full.
   */
  add(event: unknown, run: string, seq: number, keys: readonly string[]): void {
    let chunk = this.open.get(run);
    if (!chunk || chunk.record.events.length >= TRACE_CHUNK_EVENTS) {
      const end = chunk ? chunk.record.end : (this.lengths.get(run) ?? 0);
      chunk = { record: { thread_id: this.threadId, run_id: run, end, seq, events: [] }, keyIndex: new Map() };
      this.open.set(run, chunk);
      this.chunks.push(chunk.record);
    }
    const { record, keyIndex } = chunk;
    const at = record.events.length;
    record.events.push(event);
    record.end++;
    for (const key of keys) {
      let k = keyIndex.get(key);
      if (k === undefined) {
        k = keyIndex.size;
        keyIndex.set(key, k);
        (record.topic_keys ??= []).push(key);
        (record.about ??= []).push([]);
      }
      record.about![k]!.push(at);
    }
  }

  /**
   * Chunks `events` (all of this thread, in order), numbering them from `lastSeq + 1` and tagging
   * them through `ticks` (which follows the thread's trace): the chunks and the last seq used.
   */
  build(events: readonly unknown[], lastSeq: number, ticks: TickTracker): { chunks: TraceChunkRecord[]; lastSeq: number } {
    let seq = lastSeq;
    for (const event of events) this.add(event, runOf(event), ++seq, topicKeysOf(this.threadId, event, ticks));
    return { chunks: this.chunks, lastSeq: seq };
  }

  /**
   * Takes the chunks built so far (`all`) or only the full ones, which no later event changes: an
   * upgrade writes them as it goes rather than holding a whole thread's trace.
   */
  take(all: boolean): TraceChunkRecord[] {
    const taken = all ? this.chunks.splice(0) : this.chunks.filter((c) => c.events.length >= TRACE_CHUNK_EVENTS);
    if (!all) for (const c of taken) this.chunks.splice(this.chunks.indexOf(c), 1);
    if (all) this.open.clear();
    return taken;
  }
}

/**
 * The events of a stored chunk; none when it is not one (a record edited in the browser's tools
 * must not break reading the rest of the trace; the records' own shapes are checked by readers).
 */
export function chunkEvents(chunk: TraceChunkRecord): unknown[] {
  return Array.isArray(chunk.events) ? chunk.events : [];
}

/** The events of a stored `chunk` about topic `key`, in order. */
export function eventsAboutKey(chunk: TraceChunkRecord, key: string): unknown[] {
  const k = Array.isArray(chunk.topic_keys) ? chunk.topic_keys.indexOf(key) : -1;
  const at = k >= 0 && Array.isArray(chunk.about) ? chunk.about[k] : undefined;
  const events = chunkEvents(chunk);
  return Array.isArray(at) ? at.flatMap((i) => (i in events ? [events[i]] : [])) : [];
}

/**
 * Chunks ordered by (run start, append order): keys sort by run id, then position; runs go by the
 * `seq` of their first chunk instead, so a thread's runs read in the order they started.
 */
export function inRunOrder(chunks: TraceChunkRecord[]): TraceChunkRecord[] {
  const start = new Map<string, number>();
  for (const c of chunks) start.set(c.run_id, Math.min(start.get(c.run_id) ?? Infinity, c.seq));
  return chunks.sort((a, b) => start.get(a.run_id)! - start.get(b.run_id)! || a.seq - b.seq);
}
