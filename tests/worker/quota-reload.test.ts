/**
 * A run that ends on a full storage whose end record is refused too, then a reload (a new host on
 * the same store) while storage is still full: the run is still shown as ended by the full quota
 * (QUOTA_EXCEEDED), never "cancelled" by the reload nor left "running", its committed checkpoints
 * kept; once there is room again its end is stored and the thread's running flag cleared.
 */
import { describe, expect, it } from 'vitest';
import type { BaseCheckpointSaver } from '../../src/engine/index';
import type { Schedule } from '../../src/protocol/batcher';
import { STALE_RUN_MESSAGE } from '../../src/worker/recovery';
import type { ThreadStore } from '../../src/worker/store';
import { connect, newThread, STORES } from './harness';

/** A store that refuses every write with a full quota while `state.full`. */
function fullableStore(inner: ThreadStore, state: { full: boolean }): ThreadStore {
  const check = () => {
    if (state.full) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
  };
  const saver = inner.saver;
  const proxied: BaseCheckpointSaver = Object.assign(Object.create(saver) as BaseCheckpointSaver, {
    put: async (...a: Parameters<BaseCheckpointSaver['put']>) => (check(), saver.put(...a)),
    putWrites: async (...a: Parameters<BaseCheckpointSaver['putWrites']>) => (check(), saver.putWrites(...a)),
  });
  return {
    ...inner,
    saver: proxied,
    writeBatch: async (ops, memo) => (check(), inner.writeBatch(ops, memo)),
    appendTrace: async (t, r, o) => (check(), inner.appendTrace(t, r, o)),
    setThreadRunning: async (t, running, g) => (check(), inner.setThreadRunning(t, running, g)),
  };
}

/** A scheduler whose timers fire only when the test says. */
function manualSchedule(): { schedule: Schedule; fire(): void } {
  let pending: (() => void)[] = [];
  return {
    schedule: (fn) => {
      pending.push(fn);
      return () => void (pending = pending.filter((f) => f !== fn));
    },
    fire() {
      const due = pending;
      pending = [];
      due.forEach((f) => f());
    },
  };
}

describe.each(STORES)('a run ended by a full quota, across a reload (%s)', (_name, makeStore) => {
  it('stays "ended: storage full" while storage is still full, and its end is stored once there is room', async () => {
    const state = { full: false };
    const store = fullableStore(makeStore(), state);
    const a = connect(store);
    const threadId = newThread('quota-reload');
    const told = new Set<string>();
    const { runId } = await a.client.startRun({
      threadId, graphId: 'test-counter', input: { count: 0, target: 1_000_000, delayMs: 1 }, controls: { recursionLimit: 1_000_000 },
    });
    await new Promise<void>((resolve) => {
      a.client.onRunEvents(runId, (events) => {
        for (const e of events) if (e.kind === 'checkpoint') told.add(e.checkpoint.checkpointId);
        if (told.size >= 5) resolve();
      });
    });
    state.full = true;
    const ended = await a.client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'error', error: { code: 'QUOTA_EXCEEDED' } });
    const committed = (await a.client.historyPage({ threadId, limit: 10_000 })).items.map((i) => i.checkpointId);
    expect(committed.length).toBeGreaterThanOrEqual(5);

    // The page is reloaded while storage is still full: a new worker on the same store.
    a.host.stop();
    await a.host.idle();
    const timers = manualSchedule();
    const b = connect(store, {}, timers.schedule);
    await b.client.hello();
    const [shown] = await b.client.listRuns(threadId);
    expect(shown).toMatchObject({ runId, outcome: 'error', error: { code: 'QUOTA_EXCEEDED', message: expect.stringContaining('quota') } });
    expect(shown!.error!.message).not.toContain(STALE_RUN_MESSAGE);
    expect((await b.client.historyPage({ threadId, limit: 10_000 })).items.map((i) => i.checkpointId)).toEqual(committed);
    expect([...told].filter((id) => !committed.includes(id))).toEqual([]);

    // Space returns: the kept end is stored by the next try, and the thread is no longer flagged.
    state.full = false;
    timers.fire();
    await expect.poll(async () => (await store.listThreads()).find((t) => t.threadId === threadId)?.running).toBe(false);
    b.host.stop();
    await b.host.idle();
    const c = connect(store);
    await c.client.hello();
    expect(await c.client.listRuns(threadId)).toEqual([
      expect.objectContaining({ runId, outcome: 'error', error: expect.objectContaining({ code: 'QUOTA_EXCEEDED' }) }),
    ]);
    expect((await c.client.historyPage({ threadId, limit: 10_000 })).items.map((i) => i.checkpointId)).toEqual(committed);
  });
});
