/**
 * Our own implementations of the few library helpers the selection rule lets tests use although
 * no entry point exports them (`entries.ts#NEUTRAL`). They exercise nothing of the engine, and the
 * same ones serve both measured sides.
 */

/** Collects an async iterable into an array. */
export async function gatherIterator<T>(items: AsyncIterable<T> | Promise<AsyncIterable<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of await items) out.push(item);
  return out;
}

/** Collects an iterable into an array. */
export function gatherIteratorSync<T>(items: Iterable<T>): T[] {
  return [...items];
}

/**
 * Nothing to do: importing the main entry point (which the harness's set-up file does first)
 * performs LangGraph.js's Node set-up, and our engine finds AsyncLocalStorage by itself.
 */
export function initializeAsyncLocalStorageSingleton(): void {}
