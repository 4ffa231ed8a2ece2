/**
 * A checkpoint store another program is still writing, as one `CheckpointSource` that stays open:
 * it reads a snapshot (`snapshot.ts`), and `refresh()` opens a newer one when the files changed. A
 * read that races a write (the snapshot's file changed under it, or the snapshot was replaced
 * while the read was going on) is asked again of a new snapshot, up to `retries` times, so a
 * reader sees one state of the store or the next, never a mix and never "damaged".
 */
import type { ErrorData } from '../../shared/errors';
import type { CheckpointListOptions, CheckpointTuple, RunnableConfig } from '../../engine/checkpoint/types';
import type { ByteSource } from '../bytes/byte-source';
import type { OpenResult } from '../open';
import { nextTurn } from '../turn';
import type { CheckpointSource, ForeignSaverOptions, ReadOnlyCheckpointSaver, SourceInfo } from '../types';
import { sameVersions, SnapshotRaced, takeSnapshot, type FollowedFileRef, type Snapshot } from './snapshot';

/** Options of `openFollowed`. */
export interface FollowOptions {
  /** Opens a snapshot's files (`openCheckpointSource` with the app's options). */
  open(sources: ByteSource[]): Promise<OpenResult>;
  /** Times a raced read or open is tried again. @default 20 */
  retries?: number;
  /** Waits before trying again (`attempt` counts from 1). @default a turn of the message loop per attempt */
  pause?(attempt: number): Promise<void>;
}

interface Current {
  snapshot: Snapshot;
  source: CheckpointSource;
}

/** A store being followed. */
export interface FollowedSource extends CheckpointSource {
  /**
   * Opens the files again when they changed since the snapshot read now.
   * @returns true when a newer snapshot replaced it
   */
  refresh(): Promise<boolean>;
}

/** The result of `openFollowed`. */
export type FollowResult = { ok: true; source: FollowedSource } | { ok: false; error: ErrorData };

const defaultPause = async (attempt: number) => {
  for (let i = 0; i < attempt * 4; i++) await nextTurn();
};

async function openSnapshot(files: readonly FollowedFileRef[], options: FollowOptions): Promise<{ ok: true; current: Current } | { ok: false; error: ErrorData }> {
  const retries = options.retries ?? 20;
  const pause = options.pause ?? defaultPause;
  for (let attempt = 0; ; attempt++) {
    let snapshot: Snapshot | undefined;
    let result: OpenResult | undefined;
    try {
      snapshot = takeSnapshot(files);
      result = await options.open(snapshot.sources);
    } catch (err) {
      if (!(err instanceof SnapshotRaced)) throw err;
    }
    if (result?.ok && !snapshot!.raced) return { ok: true, current: { snapshot: snapshot!, source: result.source } };
    if (result?.ok) result.source.close();
    if (result && !result.ok && !snapshot!.raced) return { ok: false, error: result.error };
    if (attempt >= retries) return { ok: false, error: result && !result.ok ? result.error : { code: 'FORMAT_CORRUPT', name: 'FormatError', message: `The files kept changing while they were read (${files.map((f) => f.name).join(', ')}).` } };
    await pause(attempt + 1);
  }
}

/**
 * Opens the store in `files` (the database before its `-wal`) and keeps following it.
 * A problem is data, as with `openCheckpointSource`.
 */
export async function openFollowed(files: readonly FollowedFileRef[], options: FollowOptions): Promise<FollowResult> {
  const first = await openSnapshot(files, options);
  if (!first.ok) return first;
  let current = first.current;
  let reopening: Promise<boolean> | null = null;
  let closed = false;
  const retries = options.retries ?? 20;
  const pause = options.pause ?? defaultPause;

  /** Replaces the snapshot with one of the files as they are now; false when nothing changed. */
  const reopen = (force: boolean): Promise<boolean> => {
    if (reopening) return reopening;
    const job = (async () => {
      // After the job is kept as `reopening` (so its end clears it).
      await nextTurn();
      try {
        const before = current;
        let changed = force || before.snapshot.raced;
        try {
          changed ||= !sameVersions(before.snapshot.versions, takeSnapshot(files).versions);
        } catch (err) {
          if (!(err instanceof SnapshotRaced)) throw err;
          changed = true;
        }
        if (!changed) return false;
        const next = await openSnapshot(files, options);
        if (!next.ok) throw Object.assign(new Error(next.error.message), { name: 'FormatError', code: next.error.code, data: next.error });
        if (closed) {
          next.current.source.close();
          return false;
        }
        current = next.current;
        // Reads still going on over the old snapshot fail and are asked again of this one.
        before.source.close();
        return true;
      } finally {
        reopening = null;
      }
    })();
    reopening = job;
    return job;
  };

  /** Runs `read` over the current snapshot, again over a newer one when it raced a write. */
  async function run<T>(read: (source: CheckpointSource) => Promise<T> | T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const at = current;
      try {
        return await read(at.source);
      } catch (err) {
        const stale = at.snapshot.raced || at !== current;
        if (!stale || attempt >= retries || closed) throw err;
        if (at === current) {
          await pause(attempt + 1);
          if (at === current) await reopen(true);
        }
      }
    }
  }

  const saver = (options?: ForeignSaverOptions): ReadOnlyCheckpointSaver => ({
    readOnly: true,
    getTuple: (config: RunnableConfig) => run((s) => s.saver(options).getTuple(config)),
    async *list(config: RunnableConfig, listOptions?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
      // Asked again from the start after a race, skipping what was already given.
      let given = 0;
      for (let attempt = 0; ; attempt++) {
        const at = current;
        let seen = 0;
        try {
          for await (const t of at.source.saver(options).list(config, listOptions)) {
            if (seen++ < given) continue;
            given++;
            yield t;
          }
          return;
        } catch (err) {
          if (!(at.snapshot.raced || at !== current) || attempt >= retries || closed) throw err;
          if (at === current) await reopen(true);
        }
      }
    },
    put: (...a) => current.source.saver(options).put(...a),
    putWrites: (...a) => current.source.saver(options).putWrites(...a),
    deleteThread: (id) => current.source.saver(options).deleteThread(id),
    getNextVersion: (v) => current.source.saver(options).getNextVersion(v),
  });

  const source: FollowedSource = {
    get info(): SourceInfo {
      return current.source.info;
    },
    listThreads: () => run((s) => s.listThreads()),
    listThreadIds: (after, limit) => run((s) => s.listThreadIds(after, limit)),
    describeThread: (id) => run((s) => s.describeThread(id)),
    listNamespaces: (id) => run((s) => s.listNamespaces(id)),
    listCheckpoints: (id, ns, o) => run((s) => s.listCheckpoints(id, ns, o)),
    getCheckpoint: (id, ns, cid) => run((s) => s.getCheckpoint(id, ns, cid)),
    saver,
    refresh: () => (closed ? Promise.resolve(false) : reopen(false)),
    close() {
      closed = true;
      current.source.close();
    },
  };
  return { ok: true, source };
}
