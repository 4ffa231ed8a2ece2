/**
 * The validation suite's initializers for the engine's `MemorySaver` and for `IndexedDBSaver`
 * (on whatever `indexedDB` the host has: fake-indexeddb in Node, the real one in Chromium).
 * Each checkpointer is fresh and empty: the suite lists across threads and reuses thread ids.
 */
import type { CheckpointSaverTestInitializer as CheckpointerTestInitializer } from '@langchain/langgraph-checkpoint-validation';
import type { BaseCheckpointSaver as LangGraphSaver } from '@langchain/langgraph-checkpoint';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { IndexedDBSaver } from '../../src/checkpoint/idb/saver';

/** The suite's figure: every `it` it registers, for a saver it skips nothing for. */
export const SUITE_TESTS = 718;
/** The opt-in `deltaChannelHistoryTests`: four cases in two namespaces. */
export const DELTA_HISTORY_TESTS = 8;

export function memorySaverInitializer(): CheckpointerTestInitializer<LangGraphSaver> {
  return {
    checkpointerName: 'replaygraph MemorySaver',
    createCheckpointer: () => new MemorySaver() as unknown as LangGraphSaver,
  };
}

export function indexedDBSaverInitializer(host: string): CheckpointerTestInitializer<LangGraphSaver> {
  const names = new Map<LangGraphSaver, string>();
  let n = 0;
  const prefix = `validation-${Date.now()}`;
  return {
    checkpointerName: `replaygraph IndexedDBSaver (${host})`,
    createCheckpointer: () => {
      const dbName = `${prefix}-${n++}`;
      const saver = new IndexedDBSaver({ dbName }) as unknown as LangGraphSaver;
      names.set(saver, dbName);
      return saver;
    },
    destroyCheckpointer: async (saver) => {
      (saver as unknown as IndexedDBSaver).close();
      const dbName = names.get(saver)!;
      names.delete(saver);
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(dbName);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    },
  };
}
