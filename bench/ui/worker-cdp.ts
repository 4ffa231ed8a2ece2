/**
 * The DevTools protocol of a page's dedicated workers: auto-attached (not flattened, so messages
 * to a worker go through this session, which Playwright's own does not see), with one call per
 * worker method answered by id.
 */
import type { Page } from '@playwright/test';

export interface WorkerCdp {
  /** Attached workers: session id → url, in attach order. */
  workers: Map<string, string>;
  /** Calls `method` in the worker of `sessionId`; rejects after 20 s without an answer. */
  call(sessionId: string, method: string, params?: object): Promise<unknown>;
}

export async function workerCdp(page: Page): Promise<WorkerCdp & { cdp: Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>> }> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Map<string, string>();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.set(e.sessionId, e.targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId) workers.delete(e.sessionId);
  });
  let id = 0;
  const waiting = new Map<number, (v: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const call = (sessionId: string, method: string, params: object = {}) => new Promise<unknown>((resolve, reject) => {
    const i = ++id;
    const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 20_000);
    waiting.set(i, (v) => {
      clearTimeout(timer);
      waiting.delete(i);
      resolve(v);
    });
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method, params }) }).catch(reject);
  });
  return { cdp, workers, call };
}
