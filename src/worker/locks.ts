/**
 * One writer per thread across tabs: a run holds the thread's Web Lock (`navigator.locks`, shared
 * by every tab of the app's origin) from before its first write until after its last. Another tab
 * asking to write the thread gets THREAD_BUSY; stale-run recovery only closes a run whose lock is
 * free (its tab is gone). Tests share an in-memory lock manager between hosts to play two tabs.
 */

/** Per-thread exclusive locks. */
export interface ThreadLocks {
  /** Takes the thread's lock if it is free; resolves with its release, or null when another holder has it. */
  tryAcquire(threadId: string): Promise<(() => void) | null>;
  /** True when some holder (this tab or another) has the thread's lock. */
  isHeld(threadId: string): Promise<boolean>;
}

const lockName = (threadId: string) => `replaygraph:thread:${threadId}`;

/** The part of the Web Locks API used here. */
interface LockManagerLike {
  request(name: string, options: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<void> | void): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/** Locks on the browser's Web Locks API. */
export function webLocks(manager: LockManagerLike): ThreadLocks {
  return {
    tryAcquire(threadId) {
      return new Promise((resolve, reject) => {
        manager.request(lockName(threadId), { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(null);
            return;
          }
          // Held until the returned promise settles, i.e. until the run releases it.
          return new Promise<void>((release) => resolve(() => release()));
        }).catch(reject);
      });
    },
    async isHeld(threadId) {
      const state = await manager.query();
      return (state.held ?? []).some((l) => l.name === lockName(threadId));
    },
  };
}

/** Locks in memory: one manager shared by every host that plays a tab of the same origin. */
export function memoryLocks(): ThreadLocks {
  const held = new Set<string>();
  return {
    async tryAcquire(threadId) {
      if (held.has(threadId)) return null;
      held.add(threadId);
      let released = false;
      return () => {
        if (!released) held.delete(threadId);
        released = true;
      };
    },
    async isHeld(threadId) {
      return held.has(threadId);
    },
  };
}

/** The platform's locks when it has them (a browser worker), else in-memory ones. */
export function defaultLocks(): ThreadLocks {
  const manager = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return manager ? webLocks(manager) : memoryLocks();
}
