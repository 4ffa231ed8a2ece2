/**
 * One lazily opened connection to the app database, with idb's lifecycle callbacks wired so that:
 * - `blocking` (a newer version wants to open elsewhere) closes this connection so the upgrade can
 *   proceed; the next use reopens, and fails with a clear "reload" error if the schema moved on;
 * - `terminated` (the browser dropped the connection) forgets it; the next use reopens;
 * - `blocked` (an older connection elsewhere will not close) rejects the open with a clear error
 *   instead of hanging, and so does every use while that open request is still waiting (a new
 *   request would only queue behind it); once the other connection closes, the waiting request
 *   completes and its connection is adopted.
 */
import { openDB } from 'idb';
import { CheckpointStorageError, toStorageError } from './errors';
import { DB_VERSION, upgradeSchema, type ReplayDb, type ReplayGraphDB } from './schema';
import type { IDBPTransaction, StoreNames } from 'idb';

type Stores = StoreNames<ReplayGraphDB>;

/** A lazily (re)opened connection to one database. */
export class DbConnection {
  /**
   * Durability of read-write transactions: `strict` (the default) commits only once the data is
   * flushed to disk; `relaxed` lets the browser commit sooner (faster, but the last writes may be
   * lost if the machine crashes).
   */
  durability: 'strict' | 'relaxed' = 'strict';
  private current: Promise<ReplayDb> | undefined;
  private db: ReplayDb | undefined;
  /** True while an open request that reported `blocked` is still waiting. */
  private blocked = false;

  /**
   * @param name the database name
   * @param version the schema version to open (DB_VERSION except in migration tests)
   */
  constructor(readonly name: string, private readonly version: number = DB_VERSION) {}

  /** The open database, opening (or reopening after a close) when needed. */
  get(): Promise<ReplayDb> {
    if (!this.current) {
      const opening = this.open();
      this.current = opening;
      // A failed open is not cached: the next use tries again.
      opening.catch(() => {
        if (this.current === opening) this.current = undefined;
      });
    }
    return this.current;
  }

  /**
   * A transaction over `stores`. A connection closed under us (by `blocking` or the browser) is
   * reopened once.
   */
  async transaction<S extends Stores[], M extends IDBTransactionMode>(stores: S, mode: M): Promise<IDBPTransaction<ReplayGraphDB, S, M>> {
    const db = await this.get();
    const options = mode === 'readwrite' ? { durability: this.durability } : undefined;
    try {
      return db.transaction(stores, mode, options);
    } catch (err) {
      if ((err as { name?: string }).name !== 'InvalidStateError') throw err;
      this.forget(db);
      return (await this.get()).transaction(stores, mode, options);
    }
  }

  /** Closes the connection; a later use reopens it. */
  close(): void {
    this.db?.close();
    if (this.db) this.forget(this.db);
  }

  /** Takes a connection that opened after its caller was told "blocked". */
  private adopt(opened: ReplayDb): void {
    if (this.db) {
      opened.close();
      return;
    }
    this.db = opened;
    this.current = Promise.resolve(opened);
  }

  private forget(db: ReplayDb): void {
    if (this.db === db) {
      this.db = undefined;
      this.current = undefined;
    }
  }

  private open(): Promise<ReplayDb> {
    if (this.blocked) return Promise.reject(new CheckpointStorageError('blocked', `open database "${this.name}"`));
    return new Promise<ReplayDb>((resolve, reject) => {
      let settled = false;
      let db: ReplayDb | undefined;
      openDB<ReplayGraphDB>(this.name, this.version, {
        upgrade: (database, oldVersion, newVersion, tx) => upgradeSchema(database, oldVersion, newVersion ?? this.version, tx),
        blocked: () => {
          this.blocked = true;
          settled = true;
          reject(new CheckpointStorageError('blocked', `open database "${this.name}"`));
        },
        blocking: () => {
          // Closing lets the other tab (or a newer app version) upgrade instead of being blocked.
          db?.close();
          if (db) this.forget(db);
        },
        terminated: () => {
          if (db) this.forget(db);
        },
      }).then(
        (opened) => {
          this.blocked = false;
          db = opened;
          if (settled) {
            // We already reported "blocked"; the request went through once the other side closed.
            this.adopt(opened);
            return;
          }
          settled = true;
          this.db = opened;
          resolve(opened);
        },
        (err: unknown) => {
          this.blocked = false;
          if (settled) return;
          settled = true;
          reject(toStorageError(err, `open database "${this.name}" at version ${this.version}`));
        },
      );
    });
  }
}
