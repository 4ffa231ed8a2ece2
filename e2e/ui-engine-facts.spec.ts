/**
 * What the debugger shows about the engine's decisions, against the real worker and engine (no
 * fixture): step mode, breakpoints, write dispositions, the trace of a resume and of a replay,
 * subgraph namespaces. Each fact on screen is one the engine really produced.
 */
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
}

const rowIds = (page: Page) => page.getByTestId('timeline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-checkpoint-id')));
const lastRun = (page: Page) => page.getByTestId('run-item').last();

test.describe('engine facts on the real worker', () => {
  test('step mode pauses after one step, F10 steps, F8 continues; nothing in history is rewritten', async ({ page }) => {
    await open(page, '/?graph=chain');
    await page.getByTestId('step-mode').check();
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    const first = await rowIds(page);
    await expect(page.getByTestId('action-step')).toBeEnabled();
    await page.locator('body').press('F10');
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    await expect(page.getByTestId('timeline-row')).toHaveCount(first.length + 1);
    await expect(page.getByTestId('action-continue')).toBeEnabled();
    await page.locator('body').press('F8');
    await expect(page.getByTestId('run-item')).toHaveCount(3, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    // research, draft and review each commit one checkpoint after the input and __start__ ones.
    await expect(page.getByTestId('timeline-row')).toHaveCount(5);
    const all = await rowIds(page);
    for (const id of first) expect(all).toContain(id);
  });

  test('a breakpoint toggled on a graph node pauses the run before it', async ({ page }) => {
    await open(page, '/?graph=chain');
    await page.getByTestId('bp-before-review').click();
    await expect(page.getByTestId('bp-before-review')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('breakpoints')).toContainText('before review');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toContainText('→ review');
    await expect(page.getByTestId('graph-node-review')).toHaveAttribute('data-state', 'next');
  });

  test('a finished thread reads "done"; Continue is off with the reason and F8 adds no empty run', async ({ page }) => {
    await open(page, '/?graph=chain');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('action-continue')).toBeDisabled();
    await expect(page.getByTestId('action-continue')).toHaveAttribute('title', /has finished/);
    // F8 does nothing either: no empty run is added.
    await page.locator('body').press('F8');
    await expect(page.getByTestId('run-item')).toHaveCount(1);
  });

  test('a failed step continued: the saved write is re-applied, the __error__ write superseded by the rerun, the rerun put replaces it', async ({ page }) => {
    await open(page, '/?graph=parallel-flaky');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'error', { timeout: 30_000 });
    await page.getByTestId('action-continue').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    // The checkpoint docs and web ran from (step 0) holds the writes of the failed step.
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    await page.getByTestId('inspector-tab-writes').click();
    const writes = page.getByTestId('pending-write');
    await expect(writes.filter({ hasText: 'docs: pregel supersteps' })).toHaveAttribute('data-disposition', 'reapplied');
    await expect(writes.filter({ hasText: '__error__' })).toHaveAttribute('data-disposition', 'superseded');
    // Both things that happened to the __error__ write, in order and in words: the resumed run
    // skipped it (so web ran again), then web's new writes replaced it.
    const story = writes.filter({ hasText: '__error__' }).getByTestId('write-story-step');
    await expect(story).toHaveCount(2);
    await expect(story.nth(0)).toHaveAttribute('data-kind', 'skipped-control');
    await expect(story.nth(0)).toContainText('skipped on resume at step 0 — control signal __error__: web runs again');
    await expect(story.nth(0)).toContainText('(control signals are never re-applied)');
    await expect(story.nth(1)).toHaveAttribute('data-kind', 'superseded');
    await expect(story.nth(1)).toContainText("superseded at step 0 by web's new writes");
    await expect(story.nth(1)).toContainText("(a task's new writes replace its old ones)");
    await expect(writes.filter({ hasText: 'docs: pregel supersteps' })).toContainText("(a succeeded task's writes are re-applied)");
    await expect(writes.filter({ hasText: 'web: pregel supersteps' })).toHaveAttribute('data-disposition', 'applied');
    // web failed, then ran again and finished: it ends green, its error told as its past.
    await expect(page.getByTestId('graph-node-web')).toHaveAttribute('data-state', 'ran');
    await page.getByTestId('inspector-tab-tasks').click();
    await expect(page.locator('[data-testid="task"][data-task="web"]').getByTestId('task-earlier-error')).toContainText('it ran again and finished');
    // The continue run: docs served from its saved writes, web ran again and its put replaced the error.
    await lastRun(page).click();
    // The trace panel says how the chosen run ended as its record does.
    await expect(page.getByTestId('trace-ended')).toHaveText('ended: done');
    const tick = page.getByTestId('trace-tick').first();
    await expect(tick.getByTestId('tick-cached')).toHaveText('docs');
    await expect(tick).toContainText('web');
    // In words, by node; the engine's put_writes terms and the task id behind "details".
    await expect(tick.getByTestId('tick-replaced')).toContainText('web: replaced 1 earlier write');
    await expect(tick.getByTestId('tick-replaced').locator('details')).not.toHaveAttribute('open');
  });

  test('an interrupt resumed: its write pending, then the resume consumed; the replay of a step is marked replaying', async ({ page }) => {
    await open(page, '/?graph=human-review');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('interrupt-form')).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.locator('[data-disposition="pending"]').first()).toContainText('__interrupt__');
    const form = page.getByTestId('interrupt-form');
    await form.getByTestId('resume-input').fill('"approve"');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    const interrupted = page.locator('[data-testid="timeline-row"][data-step="1"]');
    await interrupted.click();
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.locator('[data-disposition="resume-value"]').first()).toContainText('read as a resume value');

    // Replay from the checkpoint before review: its first tick replays (saved writes not re-applied).
    await page.getByTestId('action-replay').click();
    await expect(page.getByTestId('run-item')).toHaveCount(3, { timeout: 30_000 });
    await expect(lastRun(page)).not.toHaveAttribute('data-outcome', 'running', { timeout: 30_000 });
    await lastRun(page).click();
    const ticks = page.getByTestId('trace-tick');
    await expect(ticks.first()).toHaveAttribute('data-replaying', 'true');
    await expect(ticks.first().locator('[role="cell"]:nth-child(3)')).toHaveText('replay');
    await expect(ticks.first().locator('[role="cell"]:nth-child(3) span')).toHaveAttribute('title', /isReplaying/);
  });

  test('the namespace tree moves into a subgraph’s own history and graph', async ({ page }) => {
    await open(page, '/?graph=subgraph-loop');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    const tree = page.getByTestId('ns-tree');
    const rootRows = await page.getByTestId('timeline-row').count();
    const sub = tree.locator('[data-testid="ns-node"]:not([data-ns=""])').first();
    await expect(sub).toBeVisible();
    // The subgraph runs several times: each call is named by its node and its place among the calls.
    const calls = tree.locator('[data-testid="ns-node"][data-ns^="work:"]');
    const n = await calls.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) await expect(calls.nth(i)).toContainText(`work, call ${i + 1} of ${n}`);
    await sub.click();
    expect(new URL(page.url()).searchParams.get('ns')).toMatch(/^work:/);
    await expect(page.getByTestId('graph-node-fetch')).toBeVisible();
    await expect(page.getByTestId('graph-node-score')).toBeVisible();
    await expect(page.getByTestId('timeline-row').first()).toBeVisible();
    await tree.locator('[data-testid="ns-node"][data-ns=""]').click();
    await expect(page.getByTestId('graph-node-plan')).toBeVisible();
    await expect(page.getByTestId('timeline-row')).toHaveCount(rootRows);
  });
});
