/**
 * A fork sends what was edited, with the real engine worker: the form starts from the checkpoint's
 * state, only the keys changed are sent (a list with a concat reducer is not appended to itself),
 * the preview says how each key is applied, and "overwrite" replaces a reducer key's value.
 */
import { expect, test, type Page } from '@playwright/test';
import { runCard } from './gallery-helpers';

type MapReduceState = { docs: string[]; summaries: string[]; report?: string };

/** Selects the timeline row of checkpoint `id` and waits for the inspector to show it. */
async function select(page: Page, id: string) {
  await expect(async () => {
    await page.locator(`[data-testid="timeline-row"][data-checkpoint-id="${id}"]`).click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', id, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Opens the fork form on the selected checkpoint and reads the state it starts from. */
async function openFork(page: Page): Promise<MapReduceState> {
  await page.getByTestId('action-fork').click();
  // The form starts from the selected checkpoint's own state: typed text waits for it.
  await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('fork-form')).toBeVisible();
  return JSON.parse(await page.getByTestId('fork-values').inputValue()) as MapReduceState;
}

/** The state of the newest checkpoint of the run that just ended (run number `runs`). */
async function stateAfterRun(page: Page, runs: number): Promise<MapReduceState> {
  await expect(page.getByTestId('run-item')).toHaveCount(runs, { timeout: 30_000 });
  await expect(page.getByTestId('run-item').nth(runs - 1)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
  // The fork's last checkpoint: the one in the newest lane with nothing next.
  const rows = page.locator('[data-testid="timeline-row"]');
  const lanes = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lane') ?? 0)));
  const lane = Math.max(...lanes);
  const inLane = page.locator(`[data-testid="timeline-row"][data-lane="${lane}"]`);
  const ids = await inLane.evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-checkpoint-id')!, step: Number(e.getAttribute('data-step')) })));
  const last = ids.reduce((a, b) => (b.step > a.step ? b : a));
  await select(page, last.id);
  const state = await openFork(page);
  await page.getByTestId('fork-form').getByRole('button', { name: 'Cancel' }).click();
  return state;
}

test.describe('fork sends what was edited', () => {
  test.describe.configure({ timeout: 120_000 });

  test('one key edited: only it is sent, the reducer list is not doubled; overwrite replaces it; no edit re-runs', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    const before = page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ combine' }).first();
    const forkPoint = (await before.getAttribute('data-checkpoint-id'))!;
    await select(page, forkPoint);
    const shown = await openFork(page);
    expect(shown.summaries).toHaveLength(3);
    expect(shown.docs).toEqual(['pregel', 'channels', 'checkpoints']);

    // Edit `docs` only: the preview lists that one key, and says it replaces the value.
    await page.getByTestId('fork-values').fill(JSON.stringify({ ...shown, docs: ['edited'] }, null, 2));
    const lines = page.getByTestId('fork-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveAttribute('data-key', 'docs');
    await expect(lines.first()).toHaveAttribute('data-how', 'last-value');
    await expect(lines.first()).toContainText('docs replaces the value');
    // Touching the reducer list: the preview says the reducer appends it, and offers to overwrite.
    await page.getByTestId('fork-values').fill(JSON.stringify({ ...shown, docs: ['edited'], summaries: ['mine: 4 letters'] }, null, 2));
    const summaries = page.locator('[data-testid="fork-line"][data-key="summaries"]');
    await expect(summaries).toHaveAttribute('data-how', 'reducer');
    await expect(summaries).toContainText('summaries has a reducer: your value is appended or merged by it');
    await expect(summaries.getByTestId('fork-overwrite')).toBeEnabled();
    // Back to docs only, and fork.
    await page.getByTestId('fork-values').fill(JSON.stringify({ ...shown, docs: ['edited'] }, null, 2));
    await expect(lines).toHaveCount(1);
    // Written as `summarize` (automatic, the edit of `docs` would count as input and fan out again).
    await page.getByTestId('fork-as-node').selectOption('summarize');
    await page.getByTestId('fork-submit').click();
    const forked = await stateAfterRun(page, 2);
    expect(forked.docs).toEqual(['edited']);
    // Sent whole, the state's summaries went through the concat reducer again: six entries.
    expect(forked.summaries).toEqual(shown.summaries);
    expect(forked.report).toBe([...shown.summaries].sort().join('; '));

    // Overwrite: the reducer key's edited value replaces the list.
    await select(page, forkPoint);
    const again = await openFork(page);
    await page.getByTestId('fork-values').fill(JSON.stringify({ ...again, summaries: ['mine: 4 letters'] }, null, 2));
    await summaries.getByTestId('fork-overwrite').check();
    await expect(summaries).toHaveAttribute('data-overwrite', 'true');
    await expect(summaries).toContainText('summaries has a reducer, overwritten: your value replaces the current one');
    await page.getByTestId('fork-as-node').selectOption('summarize');
    await page.getByTestId('fork-submit').click();
    const overwritten = await stateAfterRun(page, 3);
    expect(overwritten.summaries).toEqual(['mine: 4 letters']);
    expect(overwritten.report).toBe('mine: 4 letters');

    // Nothing edited: the preview says so, and the fork runs again from the checkpoint as it is.
    await select(page, forkPoint);
    await openFork(page);
    await expect(page.getByTestId('fork-nothing')).toBeVisible();
    await expect(page.getByTestId('fork-line')).toHaveCount(0);
    await page.getByTestId('fork-submit').click();
    const rerun = await stateAfterRun(page, 4);
    expect(rerun.summaries).toEqual(shown.summaries);
    expect(rerun.docs).toEqual(shown.docs);
  });
});
