/**
 * Fixtures for the IndexedDB suites, which run on fake-indexeddb in Node (idb.test.ts) and on the
 * real IndexedDB of Chromium (idb.browser-test.ts).
 */
import { openDB, type IDBPDatabase } from 'idb';
import { upgradeSchema, type ReplayGraphDB } from '../schema';

const runTag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let counter = 0;

/** A database name no other test uses. */
export function freshName(label: string): string {
  return `idb-test-${label}-${runTag}-${counter++}`;
}

/**
 * Opens `name` at an earlier schema `version`, built by the same upgrade steps the app ran when
 * that version was current. The connection does not close on `versionchange` (an old tab).
 */
export function openAtVersion(name: string, version: number): Promise<IDBPDatabase<ReplayGraphDB>> {
  return openDB<ReplayGraphDB>(name, version, {
    upgrade: (db, oldVersion, _newVersion, tx) => upgradeSchema(db, oldVersion, version, tx),
  });
}

/** Opens `name` at `version` without upgrading anything, failing (not hanging) if blocked. */
export function openRaw(name: string, version?: number): Promise<IDBPDatabase<ReplayGraphDB>> {
  return new Promise((resolve, reject) => {
    openDB<ReplayGraphDB>(name, version, {
      blocked: () => reject(new Error(`opening ${name} at version ${version} was blocked`)),
    }).then(resolve, reject);
  });
}

/**
 * Replaces `IDBObjectStore.prototype.put` while `body` runs (fault injection: the browser
 * refusing a write), restoring it afterwards.
 */
export async function withPatchedPut(
  patch: (original: IDBObjectStore['put']) => IDBObjectStore['put'],
  body: () => Promise<void>,
): Promise<void> {
  const proto = IDBObjectStore.prototype;
  const original = proto.put;
  proto.put = patch(original);
  try {
    await body();
  } finally {
    proto.put = original;
  }
}

/**
 * The `close` event a browser fires on a connection it terminated. Built from the environment's
 * IDBVersionChangeEvent so fake-indexeddb (which only dispatches its own event objects) accepts it.
 */
export function terminationEvent(): Event {
  return new IDBVersionChangeEvent('close');
}
