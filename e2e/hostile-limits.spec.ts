/**
 * Hostile cases, point 3 (time limits): a node past the run's node limit, or a cancelled run that
 * does not stop, has its sandbox stopped; committed checkpoints stay and the run ends cancelled
 * with the reason. The storage worker never blocks on graph code: other threads stay readable
 * and other graphs keep running meanwhile. Every other thread is byte-identical afterwards.
 */
import { expect, test } from '@playwright/test';
import { attackGraph, expectUntouched, openApp, runUserGraph, uid, victims } from './hostile-helpers';

test.describe('hostile: time limits', () => {
  test('a node that spins past the node limit: cancelled with the node named, committed checkpoints kept, a new sandbox for the next run', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const r = await page.evaluate(async () => {
      const c = window.__replaygraph!;
      const threadId = `spin-limit-${Date.now()}`;
      const { runId } = await c.startRun({ threadId, graphId: 'test-spin-forever', input: { count: 0 }, controls: { nodeTimeoutMs: 800 } });
      const ended = await c.waitForRun(runId);
      const steps = (await c.historyPage({ threadId, limit: 50 })).items.map((h) => h.step);
      const next = await c.startRun({ threadId: `${threadId}-next`, graphId: 'test-counter', input: { count: 0, target: 3, delayMs: 0 } });
      return { ended, steps, runs: await c.listRuns(threadId), next: (await c.waitForRun(next.runId)).outcome };
    });
    expect(r.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_TIMEOUT', message: expect.stringContaining('Node "spin" took longer than 800 ms') } });
    expect(r.steps).toEqual([3, 2, 1, 0, -1]);
    expect(r.runs[0]).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_TIMEOUT' } });
    expect(r.next).toBe('done');
    await expectUntouched(page, v.before);
  });

  test('a node that awaits forever past the node limit ends the same way', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('waits'), attackGraph("note('waiting'); await new Promise(() => undefined);"), null, { nodeTimeoutMs: 600 });
    expect(run.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_TIMEOUT', message: expect.stringContaining('Node "attack" took longer than 600 ms') } });
    await expectUntouched(page, v.before);
  });

  test('while a node spins (no limit), other threads stay readable with the engine\'s view and other graphs run; Cancel stops it', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const r = await page.evaluate(async (victim) => {
      const c = window.__replaygraph!;
      const threadId = `spin-${Date.now()}`;
      const { runId } = await c.startRun({ threadId, graphId: 'test-spin-forever', input: { count: 0 } });
      await new Promise((res) => setTimeout(res, 500));
      const head = (await c.historyPage({ threadId: victim, limit: 5 })).items[0]!;
      const detail = await c.getCheckpoint({ threadId: victim, checkpointId: head.checkpointId });
      const other = await c.startRun({ threadId: `bystander-${Date.now()}`, graphId: 'chain', input: { topic: 'meanwhile' } });
      const otherOutcome = (await c.waitForRun(other.runId)).outcome;
      const cancel = await c.cancel(runId);
      return { otherOutcome, detailValues: detail.values, cancel };
    }, v.ids[0]!);
    // The storage worker kept serving while the sandbox spun: reads answered, another run ran to its end.
    expect(r.otherOutcome).toBe('done');
    expect(JSON.stringify(r.detailValues)).toContain('victim');
    expect(r.cancel).toMatchObject({ forced: false, ended: { outcome: 'cancelled', error: { message: expect.stringContaining('its sandbox was stopped') } } });
    await expectUntouched(page, v.before);
  });

  test('the run form\'s node time limit applies to a run started from the UI, and the reason is shown', async ({ page }) => {
    await openApp(page, '&graph=test-spin-forever');
    const v = await victims(page);
    await page.getByTestId('view-debugger').click();
    await page.getByTestId('node-timeout').fill('700');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'cancelled', { timeout: 30_000 });
    await expect(page.getByTestId('errors')).toContainText('took longer than 700 ms');
    await expectUntouched(page, v.before);
  });
});
