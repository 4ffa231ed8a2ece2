/**
 * The thread ids of an opened file, read in chunks that give the storage worker's message loop a
 * turn between them: a file of 300,000 threads is indexed while every other request is still
 * answered. Only ids are read (SQLite walks its primary-key index); what each thread holds is read
 * when its row is shown (`registry.ts`, `threadPage`).
 */
import type { CheckpointSource } from '../../formats/index';

/** Ids read per chunk: a few milliseconds of SQLite work. */
export const INDEX_CHUNK = 2000;

/**
 * Resolves after the tasks already queued (a message from the page among them) have run. A message
 * through a MessageChannel, not `setTimeout(0)`, which browsers clamp to 4 ms once nested.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Every thread id of `source`, in code-point order, read `chunk` at a time with a yield between chunks. */
export async function indexThreadIds(source: CheckpointSource, chunk = INDEX_CHUNK): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const next = await source.listThreadIds(after, chunk);
    for (const id of next) ids.push(id);
    if (next.length < chunk) return ids;
    after = next[next.length - 1];
    await yieldToLoop();
  }
}
