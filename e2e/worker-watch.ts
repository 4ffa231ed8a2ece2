/**
 * What the browser itself says about the app's dedicated workers, over a browser-level DevTools
 * session (graph code cannot reach or fake it): which worker targets are alive, by name (a sandbox
 * worker is named after its role, a nested worker by what graph code passed as `name`), and how
 * many console messages containing a text every worker printed. Workers are attached as the
 * browser starts them, the sandbox frame's and those graph code starts from there included.
 */
import type { Browser, CDPSession } from '@playwright/test';

/** A watch on every dedicated worker of the browser. */
export interface WorkerWatch {
  /** Console messages printed so far by any worker whose first argument contains `text`. */
  count(text: string): number;
  /** Names of the worker targets alive now. */
  alive(): string[];
  dispose(): Promise<void>;
}

interface TargetInfo {
  targetId: string;
  type: string;
  title: string;
}

/** Starts watching the workers of `browser`. */
export async function watchWorkers(browser: Browser): Promise<WorkerWatch> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const names = new Map<string, string>();
  const lines: string[] = [];
  let message = 0;
  const attach = async (t: TargetInfo) => {
    if (t.type !== 'worker') return;
    names.set(t.targetId, t.title);
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++message, method: 'Runtime.enable' }) });
    } catch {
      // It ended before it could be attached.
    }
  };
  cdp.on('Target.targetCreated', (e) => void attach(e.targetInfo as TargetInfo));
  cdp.on('Target.targetInfoChanged', (e) => {
    if (names.has(e.targetInfo.targetId)) names.set(e.targetInfo.targetId, e.targetInfo.title);
  });
  cdp.on('Target.targetDestroyed', (e) => void names.delete(e.targetId));
  cdp.on('Target.attachedToTarget', (e) => {
    if (names.has(e.targetInfo.targetId)) names.set(e.targetInfo.targetId, e.targetInfo.title);
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { method?: string; params?: { args?: { value?: unknown }[] } };
    if (m.method === 'Runtime.consoleAPICalled') lines.push(String(m.params?.args?.[0]?.value ?? ''));
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return {
    count: (text) => lines.filter((l) => l.includes(text)).length,
    alive: () => [...names.values()],
    dispose: () => cdp.detach().catch(() => undefined),
  };
}
