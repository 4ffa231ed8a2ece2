/**
 * Durations, the waterfall and the fork tree, with the real engine worker: a graph written in the
 * editor with a node that fails twice under a retry policy and a slow node shows how long each step
 * and task took, the retried node as three attempts with the waits between, and selects a step's
 * checkpoint from its bar; a fork shows as a second branch of the tree, and selecting it works; a
 * thread without a trace (a LangGraph SQLite file) is timed by its checkpoints' times, labelled.
 */
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('.react-flow__attribution').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const SOURCE = [
  "import { Annotation, END, START, StateGraph } from 'replaygraph';",
  "export const title = 'Flaky then slow';",
  'export const exampleInput = { n: 0 };',
  'const State = Annotation.Root({ n: Annotation<number>(), tries: Annotation<number>() });',
  '// Attempts per thread in this worker: the first two of each thread fail.',
  'const tries = new Map<string, number>();',
  'export default new StateGraph(State)',
  "  .addNode('flaky', (s, config) => {",
  "    const thread = String(config.configurable?.thread_id ?? '');",
  '    const k = (tries.get(thread) ?? 0) + 1;',
  '    tries.set(thread, k);',
  '    if (k < 3) throw new Error(`flaky (attempt ${k})`);',
  '    return { tries: k };',
  '  }, { retryPolicy: { maxAttempts: 4, initialInterval: 40, backoffFactor: 1, jitter: false } })',
  "  .addNode('slow', async (s) => { await new Promise((r) => setTimeout(r, 250)); return { n: s.n + 1 }; })",
  "  .addEdge(START, 'flaky')",
  "  .addEdge('flaky', 'slow')",
  "  .addEdge('slow', END);",
].join('\n');

async function runTimedGraph(page: Page): Promise<void> {
  await page.goto('/?view=editor');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
  await setEditorSource(page, SOURCE);
  await page.getByTestId('editor-run').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
}

/** Runs the timed graph, then forks it at the step that ran `slow` with n = 41, and waits for the fork's run to end. */
async function runThenFork(page: Page): Promise<void> {
  await runTimedGraph(page);
  await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ slow' }).click();
  await page.getByTestId('action-fork').click();
  // The form starts from the selected checkpoint's own state: typed text waits for it.
  await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('fork-values').fill('{"n":41}');
  await page.getByTestId('fork-submit').click();
  await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
}

const ms = async (row: ReturnType<Page['locator']>) => Number(await row.getAttribute('data-duration-ms'));
const task = (page: Page, name: string) => page.locator(`[data-testid="wf-row"][data-kind="task"][data-task="${name}"]`);

test.describe('durations, waterfall and fork tree', () => {
  // Each test writes and runs a graph (a slow node, retry waits) and some run axe twice: more than 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  test('the waterfall shows each step and task with its duration, the retried node as three attempts with the waits', async ({ page }) => {
    await runTimedGraph(page);
    // The list: each step's duration, from the run's trace.
    const took = page.locator('[data-testid="timeline-row"] [data-testid="tl-took"][data-basis="trace"]');
    await expect(took.first()).toBeVisible();
    expect(await took.count()).toBeGreaterThanOrEqual(3);

    await page.getByTestId('tl-mode-waterfall').click();
    await expect(page.getByTestId('tl-mode-waterfall')).toHaveAttribute('aria-pressed', 'true');
    const flaky = task(page, 'flaky');
    await expect(flaky).toHaveAttribute('data-attempts', '3');
    await expect(flaky).toHaveAttribute('data-outcome', 'ran');
    await expect(flaky.getByTestId('wf-attempt')).toHaveCount(3);
    await expect(flaky.locator('[data-testid="wf-attempt"][data-status="retried"]')).toHaveCount(2);
    await expect(flaky.locator('[data-testid="wf-attempt"][data-status="success"]')).toHaveCount(1);
    await expect(flaky.getByTestId('wf-wait')).toHaveCount(2);
    await expect(flaky.getByTestId('wf-wait').first()).toHaveAttribute('title', /waited .* after attempt 1 \(the retry policy asked 40 ms\)/);
    await expect(flaky.getByTestId('wf-attempt').first()).toHaveAttribute('title', /attempt 1: .*failed, retried \(Error: flaky \(attempt 1\)\)/);
    // Two waits of 40 ms are part of it; the slow node sleeps 250 ms, and its step lasts at least as long.
    expect(await ms(flaky)).toBeGreaterThanOrEqual(80);
    const slow = task(page, 'slow');
    await expect(slow).toHaveAttribute('data-attempts', '1');
    expect(await ms(slow)).toBeGreaterThanOrEqual(245);
    const slowStep = page.locator(`[data-testid="wf-row"][data-kind="step"][data-step="${await slow.getAttribute('data-step')}"]`);
    expect(await ms(slowStep)).toBeGreaterThanOrEqual(await ms(slow));
    // Its label says the time in words (at least the 250 ms it slept; never an upper bound: a busy machine is slower).
    await expect(slow).toContainText(/\d{3,} ms|\d+\.\d+ s/);

    // A bar selects the checkpoint its step ran from; the inspector shows the task's attempts.
    await flaky.getByTestId('wf-attempt').last().click();
    const from = (await flaky.getAttribute('data-checkpoint-id'))!;
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', from);
    await expect(flaky).toHaveAttribute('aria-selected', 'true');
    // The inspector's title: the step that saved this checkpoint (the __start__ step), timed by the trace.
    await expect(page.getByTestId('inspector-took')).toHaveAttribute('data-basis', 'trace');
    await page.getByTestId('inspector-tab-tasks').click();
    const timing = page.locator('[data-testid="task"][data-task="flaky"] [data-testid="task-timing"]');
    await expect(timing).toHaveAttribute('data-attempts', '3');
    await expect(timing.getByTestId('task-attempt')).toHaveCount(3);
    await expect(timing.getByTestId('task-attempt').first()).toContainText('failed, retried');
    await expect(timing).toContainText(/took \d+/);
    // The graph's node says how long it took at this checkpoint.
    await expect(page.getByTestId('graph-node-flaky')).toHaveAttribute('title', /took \d/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a fork shows as a second branch of the tree, the head marked, and selecting either branch works', async ({ page }) => {
    await runThenFork(page);
    await expect(page.locator('[data-testid="timeline-row"][data-source="update"]')).toHaveCount(1);
    await expect(page.getByTestId('run-item')).toHaveCount(2);

    await page.getByTestId('tl-mode-tree').click();
    const branches = page.getByTestId('fork-branch');
    await expect(branches).toHaveCount(2);
    const first = branches.first();
    const fork = page.locator('[data-testid="fork-branch"][data-kind="fork"]');
    await expect(fork).toHaveCount(1);
    // The fork is nested under the first run's branch, and holds the thread's head.
    await expect(first.locator('[data-testid="fork-branch"]')).toHaveCount(1);
    await expect(fork.getByTestId('fork-open')).toContainText(/fork from step \d/);
    await expect(fork).toHaveAttribute('data-head', 'true');
    await expect(fork.getByTestId('fork-head')).toBeVisible();

    // Select the first run's branch: its newest checkpoint is selected and shown.
    await first.getByTestId('fork-open').first().click();
    const tip = (await first.getAttribute('data-tip'))!;
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', tip);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(fork).toHaveAttribute('aria-selected', 'false');
    // Then the fork: its tip holds the edited state computed on.
    await fork.getByTestId('fork-open').click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await fork.getAttribute('data-tip'))!);
    await expect(page.getByTestId('inspector-panel')).toContainText('42');
    // Where it grew from, one click away; and the list agrees: two lanes.
    const grewFrom = await fork.getAttribute('data-from');
    expect(grewFrom).toBeTruthy();
    await fork.getByTestId('fork-from').click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', grewFrom!);
    await page.getByTestId('tl-mode-list').click();
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveAttribute('data-checkpoint-id', grewFrom!);
    await expect(page.locator('[data-testid="timeline-row"][data-lane="1"]').first()).toBeVisible();
  });

  test('the fork tree is an ARIA tree the keyboard walks: arrows move, open and close, Enter and F select', async ({ page }) => {
    await runThenFork(page);
    await page.getByTestId('tl-mode-tree').click();
    const tree = page.getByRole('tree', { name: 'Branches of the thread' });
    const first = tree.getByRole('treeitem', { name: /^first run/ });
    const fork = tree.getByRole('treeitem', { name: /^fork from step \d/ });
    await expect(first).toHaveAttribute('aria-level', '1');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(fork).toHaveAttribute('aria-level', '2');
    // One branch in the tab order: the selected one (the fork holds the newest checkpoint).
    await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
    await expect(fork).toHaveAttribute('tabindex', '0');
    await fork.focus();
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    // Enter selects the focused branch's newest checkpoint.
    await page.keyboard.press('Enter');
    const firstTip = (await first.getAttribute('data-tip'))!;
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', firstTip);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    // Down moves the focus, not the selected checkpoint: the global ↓ (older checkpoint) does not see it.
    await page.keyboard.press('ArrowDown');
    await expect(fork).toBeFocused();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', firstTip);
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    // Left closes the first run's branch (its fork is hidden), Right opens it, Right again enters it.
    await page.keyboard.press('ArrowLeft');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.getByRole('treeitem')).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(tree.getByRole('treeitem')).toHaveCount(2);
    await page.keyboard.press('ArrowRight');
    await expect(fork).toBeFocused();
    // F selects where the focused branch grew from.
    await page.keyboard.press('f');
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await fork.getAttribute('data-from'))!);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a thread without a trace (an opened SQLite file) is timed by its checkpoints\' times, labelled as such', async ({ page }) => {
    await page.goto('/?view=files');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('files-input').setInputFiles(fileURLToPath(new URL('../tests/fixtures/checkpoints/js/runs.sqlite', import.meta.url)));
    await expect(page.getByTestId('files-busy')).toHaveCount(0, { timeout: 40_000 });
    await page.locator('[data-testid="file-thread"][data-thread="map-reduce"]').getByTestId('open-file-thread').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(4, { timeout: 30_000 });
    const took = page.locator('[data-testid="timeline-row"][data-source="loop"] [data-testid="tl-took"]');
    await expect(took.first()).toHaveAttribute('data-basis', 'checkpoint-times');
    await expect(took.first()).toHaveText(/^≈/);
    await expect(took.first()).toHaveAttribute('title', /no trace of this step is loaded/);
    await expect(page.locator('[data-testid="tl-took"][data-basis="trace"]')).toHaveCount(0);
    const timedRows = await took.count();
    await page.getByTestId('tl-mode-waterfall').click();
    await expect(page.getByTestId('waterfall')).toHaveAttribute('data-basis', 'checkpoint-times');
    await expect(page.getByTestId('wf-from-checkpoints')).toBeVisible();
    // Every loop checkpoint of the branch is one step, and no task is invented.
    await expect(page.locator('[data-testid="wf-row"][data-kind="step"]')).toHaveCount(timedRows);
    await expect(page.locator('[data-testid="wf-row"][data-kind="task"]')).toHaveCount(0);
    await page.locator('[data-testid="wf-row"][data-kind="step"]').last().click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await page.locator('[data-testid="wf-row"][data-kind="step"]').last().getAttribute('data-checkpoint-id'))!);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`waterfall and tree: no serious accessibility violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await runTimedGraph(page);
      await page.getByTestId('tl-mode-waterfall').click();
      await expect(task(page, 'slow')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('tl-mode-tree').click();
      await expect(page.getByTestId('fork-branch')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
