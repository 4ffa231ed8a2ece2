/**
 * Reading values, with the real engine worker: the state tree's search (marked, filtered), copy
 * value and copy path; human words for the engine's internal names, with the raw names on hover.
 */
import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { resumeWith, runCard } from './gallery-helpers';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('.react-flow__attribution').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('reading values', () => {
  test('the state tree: search marks and filters keys and values; copy value and copy path', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await runCard(page, 'chain', 'done');
    await page.getByTestId('timeline-row').first().click();
    await page.getByTestId('inspector-tab-state').click();
    const tree = page.getByTestId('state-tree');
    await expect(tree).toContainText('reviewed: drafted from 1 note(s)');
    await expect(tree).toContainText('time-travel debugging');

    await page.getByTestId('state-tree-search').fill('DRAFTED');
    await expect(page.getByTestId('state-tree-matches')).toHaveText('2 matches');
    await expect(tree.locator('[data-match="true"]')).toHaveCount(2);
    await expect(tree.locator('mark').first()).toHaveText('drafted');
    // Only the matches and the containers leading to them.
    await expect(tree).not.toContainText('time-travel debugging');
    await expect(tree).not.toContainText('researched');
    await page.getByTestId('state-tree-only').uncheck();
    await expect(tree).toContainText('time-travel debugging');
    await expect(tree.locator('[data-match="true"]')).toHaveCount(2);
    // A key matches too.
    await page.getByTestId('state-tree-search').fill('topic');
    await expect(page.getByTestId('state-tree-matches')).toHaveText('1 match');
    await expect(tree.locator('[data-match="true"]')).toHaveAttribute('data-path', 'topic');
    await page.getByTestId('state-tree-search').fill('nothing like this');
    await expect(page.getByTestId('state-tree-matches')).toHaveText('0 matches');
    await page.getByTestId('state-tree-search').fill('');

    const second = tree.locator('[data-path="notes[1]"]');
    await second.hover();
    await second.getByTestId('json-copy-path').click();
    await expect(page.getByTestId('json-copied')).toHaveText('Copied the path notes[1]');
    expect(await clipboard(page)).toBe('notes[1]');
    await second.getByTestId('json-copy-value').click();
    expect(await clipboard(page)).toBe('"drafted from 1 note(s)"');
    const notes = tree.locator('[data-path="notes"]');
    await notes.hover();
    await notes.getByTestId('json-copy-value').click();
    expect(JSON.parse(await clipboard(page))).toEqual(['researched time-travel debugging', 'drafted from 1 note(s)', 'reviewed: drafted from 1 note(s)']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('human words first, raw names on hover: writes in the timeline, task paths, the input task, reserved channels', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    // The checkpoint the Send tasks ran from: their writes, counted in words.
    const sendRow = page.locator('[data-testid="timeline-row"][data-step="0"]');
    await expect(sendRow.locator('.tl-writes')).toHaveText(/^\d+ writes$/);
    await expect(sendRow.locator('.tl-writes')).toHaveAttribute('title', /pendingWrites: \d+/);
    await expect(page.getByTestId('timeline')).not.toContainText(/\d+w\b/);
    await sendRow.click();
    await page.getByTestId('inspector-tab-tasks').click();
    const send = page.locator('[data-testid="task"][data-task="summarize"]').first();
    await expect(send.getByTestId('task-path')).toHaveText(/^Send #\d$/);
    await expect(send.getByTestId('task-path')).toHaveAttribute('title', /^\(push, __pregel_push, \d(, (true|false))?\)$/);
    await expect(page.getByTestId('tab-tasks')).not.toContainText('__pregel');

    await runCard(page, 'human-review', 'interrupted');
    const interrupted = await page.locator('[data-testid="timeline-row"][aria-selected="true"]').getAttribute('data-checkpoint-id');
    await page.getByTestId('inspector-tab-tasks').click();
    const review = page.locator('[data-testid="task"][data-task="review"]');
    await expect(review.getByTestId('task-name')).toHaveAttribute('title', /^\(pull, __pregel_pull, review\) · task id /);
    await expect(review.getByTestId('task-path')).toHaveCount(0);
    await resumeWith(page, '"approve"', 2, 'done');
    await page.locator(`[data-testid="timeline-row"][data-checkpoint-id="${interrupted}"]`).click();
    await page.getByTestId('inspector-tab-writes').click();
    // The answer is saved under the interrupt's id; the review task then wrote the value it consumed.
    const resumeWrites = page.locator('[data-testid="pending-write"]').filter({ has: page.locator('[data-testid="write-channel"][title="__resume__"]') });
    await expect(resumeWrites.getByTestId('write-task')).toHaveText(["answer to review's interrupt", 'review']);
    await expect(resumeWrites.first().getByTestId('write-channel')).toHaveText('resume value __resume__');
    const interruptWrite = page.locator('[data-testid="pending-write"]').filter({ has: page.locator('[data-testid="write-channel"][title="__interrupt__"]') });
    await expect(interruptWrite.getByTestId('write-task')).toHaveText('review');
    await expect(interruptWrite.getByTestId('write-channel')).toHaveText('interrupt __interrupt__');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a resume written by no task (the null task id) reads "no task (input)", with the id on hover', async ({ page }) => {
    // A LangGraph.js app's SQLite checkpoints: its subgraph thread was resumed with Command({ resume }).
    await page.goto('/?view=files');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('files-input').setInputFiles(fileURLToPath(new URL('../tests/fixtures/checkpoints/js/runs.sqlite', import.meta.url)));
    await expect(page.getByTestId('files-busy')).toHaveCount(0, { timeout: 40_000 });
    await page.locator('[data-testid="file-thread"][data-thread="subgraph"]').getByTestId('open-file-thread').click();
    const rows = page.getByTestId('timeline-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('inspector-tab-writes').click();
    const input = page.locator('[data-testid="write-task"]', { hasText: 'no task (input)' });
    // Walk the timeline to the checkpoint the resume was saved against.
    for (let i = 0; i < (await rows.count()) && (await input.count()) === 0; i++) {
      await rows.nth(i).click();
      await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await rows.nth(i).getAttribute('data-checkpoint-id'))!);
    }
    await expect(input).toHaveCount(1);
    await expect(input).toHaveAttribute('title', 'task id 00000000-0000-0000-0000-000000000000');
    const write = page.locator('[data-testid="pending-write"]').filter({ has: input });
    await expect(write.getByTestId('write-channel')).toHaveText('resume value __resume__');
    // The raw id is on hover and behind the closed "details" (engine terms), never shown as text.
    await expect(page.getByTestId('tab-writes').getByText(/00000000-0000/).filter({ visible: true })).toHaveCount(0);
  });
});
