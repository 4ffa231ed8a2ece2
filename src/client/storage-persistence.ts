/**
 * Asks the browser to keep the app's storage (`navigator.storage.persist()`): without it, the
 * browser may clear IndexedDB under storage pressure. Only the page can ask (the API is not in
 * workers); the answer is shown to the user, who may have to grant it or bookmark the app.
 */

/** What the browser said. `unavailable`: this browser has no StorageManager. */
export type Persistence = 'persisted' | 'best-effort' | 'unavailable';

/** Asks once (a browser may show a prompt) and resolves with the answer; never rejects. */
export async function requestPersistentStorage(): Promise<Persistence> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return 'unavailable';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    return 'unavailable';
  }
}
