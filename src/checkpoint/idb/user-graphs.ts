/**
 * Graphs written in the editor, kept in the `user_graphs` store (schema version 4) so the worker
 * can register them again when it starts and their threads can be continued after a reload.
 */
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import type { UserGraphRecord } from './schema';

/** Why a saved user graph must not be loaded. */
export interface SavedQuarantine {
  reason: string;
  message: string;
  since: string;
}

/** A saved user graph as callers see it. */
export interface SavedUserGraph {
  id: string;
  title: string;
  source: string;
  updatedAt: string;
  quarantine?: SavedQuarantine | null;
}

const fromRecord = (r: UserGraphRecord): SavedUserGraph => ({
  id: r.id, title: r.title, source: r.source, updatedAt: r.updated_at, ...(r.quarantine ? { quarantine: { ...r.quarantine } } : {}),
});

/** Every saved user graph, by id. */
export async function listUserGraphs(conn: DbConnection): Promise<SavedUserGraph[]> {
  try {
    const tx = await conn.transaction(['user_graphs'], 'readonly');
    return (await tx.objectStore('user_graphs').getAll()).map(fromRecord);
  } catch (err) {
    throw toStorageError(err, 'list user graphs');
  }
}

/** Saves (or replaces) a user graph; resolves once the transaction committed. */
export async function putUserGraph(conn: DbConnection, graph: Omit<SavedUserGraph, 'updatedAt'>): Promise<SavedUserGraph> {
  const record: UserGraphRecord = { id: graph.id, title: graph.title, source: graph.source, updated_at: new Date().toISOString() };
  if (graph.quarantine) record.quarantine = { reason: graph.quarantine.reason, message: graph.quarantine.message, since: graph.quarantine.since };
  try {
    const tx = await conn.transaction(['user_graphs'], 'readwrite');
    await Promise.all([tx.objectStore('user_graphs').put(record), tx.done]);
    return fromRecord(record);
  } catch (err) {
    throw toStorageError(err, `save user graph "${graph.id}"`);
  }
}

/** Deletes a user graph (its threads stay). */
export async function deleteUserGraph(conn: DbConnection, id: string): Promise<void> {
  try {
    const tx = await conn.transaction(['user_graphs'], 'readwrite');
    await Promise.all([tx.objectStore('user_graphs').delete(id), tx.done]);
  } catch (err) {
    throw toStorageError(err, `delete user graph "${id}"`);
  }
}
