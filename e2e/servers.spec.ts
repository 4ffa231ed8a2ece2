/**
 * The app as a client of a real LangGraph dev server (one per file, tests/servers/harness.ts):
 * add the server, list its assistants and threads, run a graph there with its checkpoints streamed
 * live into the timeline, resume an interrupt, fork with edited state, replay, subgraph namespaces.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './servers/langgraph';

test.use({ langgraphOptions: { graphs: ['chain', 'review', 'subgraph', 'slow'] } });

const count = async (page: Page) => Number(await page.getByTestId('timeline').getAttribute('data-count'));

/** Selects the timeline row `selector` (again, if the end of a run selected the newest meanwhile). */
async function selectRow(page: Page, selector: string) {
  const row = page.locator(selector).first();
  const id = await row.getAttribute('data-checkpoint-id');
  await expect(async () => {
    await page.locator(`[data-testid="timeline-row"][data-checkpoint-id="${id}"]`).click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', id!, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Adds the server in the Servers view (a fresh browser context has none). */
async function addServer(page: Page, url: string) {
  await page.goto('/?view=servers');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('server-add').click();
  await page.getByTestId('server-url').fill(url);
  await page.getByTestId('server-name').fill('local dev');
  await page.getByTestId('server-save').click();
  await expect(page.getByTestId('server-info')).toContainText('LangGraph API');
}

/** Opens an assistant's graph in the debugger and runs `input` on a new server thread; resolves when the run ended. */
async function runOnServer(page: Page, graph: string, input: string) {
  await page.getByTestId('view-servers').click();
  await page.locator(`[data-testid="assistant-row"][data-graph="${graph}"]`).getByTestId('assistant-open').click();
  await expect(page.getByTestId('server-thread-bar')).toBeVisible();
  await page.getByTestId('run-input').fill(input);
  await page.getByTestId('run-new').click();
  await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 40_000 });
}

test.describe('a LangGraph dev server in the debugger', () => {
  test('add a server, list its assistants, stream a run live into the timeline, find the thread in its list', async ({ page, langgraph }) => {
    await addServer(page, langgraph.url);
    await expect(page.getByTestId('assistant-row')).toHaveCount(4);
    await expect(page.getByTestId('server-item')).toHaveCount(1);
    // The key stays in the worker: the page is told only that none is saved.
    await expect(page.getByTestId('server-item')).not.toContainText('🔑');

    await page.locator('[data-testid="assistant-row"][data-graph="slow"]').getByTestId('assistant-open').click();
    // The graph is the server's drawing.
    await expect(page.locator('.react-flow__node', { hasText: 'tick' })).toBeVisible();
    await page.getByTestId('run-input').fill('{"rounds": 6, "delayMs": 350}');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('action-cancel')).toBeEnabled();
    // Live: checkpoints arrive while the run is still going on.
    await expect.poll(() => count(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('action-cancel')).toBeEnabled();
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 40_000 });
    // input, the loop start, six ticks.
    await expect.poll(() => count(page)).toBeGreaterThanOrEqual(8);
    const thread = new URL(page.url()).searchParams.get('thread')!;
    expect(thread).toMatch(/^remote:/);
    await expect(page.getByTestId('run-item').last()).toHaveAttribute('data-outcome', 'done');

    // The server's pending writes are said to be a projection, with no invented dispositions.
    await selectRow(page, '[data-testid="timeline-row"][data-source="loop"][data-step="0"]');
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.getByTestId('server-writes-notice')).toContainText('does not expose pending');
    await expect(page.locator('[data-testid="pending-write"]').first()).toHaveAttribute('data-disposition', 'not-exposed');

    // The thread is in the server's list, and opens again (also after a reload: the URL names it).
    const steps = await count(page);
    await page.getByTestId('view-servers').click();
    await page.getByTestId('thread-status-filter').selectOption('idle');
    const row = page.locator(`[data-testid="server-thread-row"][data-thread="${thread.split('/')[1]}"]`);
    await expect(row).toHaveCount(1);
    await row.getByTestId('server-thread-open').click();
    await expect.poll(() => count(page)).toBe(steps);
    await page.reload();
    await expect.poll(() => count(page), { timeout: 30_000 }).toBe(steps);
    await expect(page.locator('.react-flow__node', { hasText: 'tick' })).toBeVisible();
  });

  test('resume an interrupt, fork with edited state, and replay from a checkpoint, all through the API', async ({ page, langgraph }) => {
    await addServer(page, langgraph.url);
    await runOnServer(page, 'review', '{"text": "otters"}');
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1, { timeout: 30_000 });
    await expect(form.getByTestId('interrupt-value')).toContainText('Approve?');
    await form.getByTestId('resume-input').fill('"yes"');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('interrupt-form')).toHaveCount(0);
    await expect(page.getByTestId('tab-state')).toContainText('published');
    const before = await count(page);

    // Fork: the checkpoint where `review` is next, with an edited text, written as `draft`.
    await selectRow(page, '[data-testid="timeline-row"][data-source="loop"][data-step="1"]');
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('fork-values').fill('{"text": "edited by hand"}');
    await page.getByTestId('fork-as-node').selectOption('draft');
    await page.getByTestId('fork-submit').click();
    await expect(page.locator('[data-testid="timeline-row"][data-source="update"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 30_000 });
    // The fork ran from its new checkpoint up to the interrupt again, asking about the edited text.
    await expect(page.getByTestId('interrupt-form').getByTestId('interrupt-value')).toContainText('edited by hand', { timeout: 30_000 });
    const afterFork = await count(page);
    expect(afterFork).toBeGreaterThan(before);

    // Replay from the first loop checkpoint: its tasks run again on a new branch.
    await selectRow(page, '[data-testid="timeline-row"][data-source="loop"][data-step="0"]');
    await page.getByTestId('action-replay').click();
    await expect.poll(() => count(page), { timeout: 30_000 }).toBeGreaterThan(afterFork);
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 30_000 });
  });

  test('a fork sends only the keys edited: the list with a concat reducer is not appended to itself; no overwrite offered', async ({ page, langgraph }) => {
    await addServer(page, langgraph.url);
    await runOnServer(page, 'chain', '{"steps": []}');
    // The checkpoint where `second` is next: steps = ["first"].
    await selectRow(page, '[data-testid="timeline-row"][data-source="loop"][data-step="1"]');
    const forkPoint = (await page.getByTestId('inspector-panel').getAttribute('data-checkpoint-id'))!;
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-checkpoint-id', forkPoint);
    const shown = JSON.parse(await page.getByTestId('fork-values').inputValue()) as { steps: string[]; note?: string };
    expect(shown.steps).toEqual(['first']);
    await page.getByTestId('fork-values').fill(JSON.stringify({ ...shown, note: 'edited by hand' }, null, 2));
    // One key will be sent; the server does not say whether it has a reducer, so no overwrite.
    const line = page.getByTestId('fork-line');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('data-key', 'note');
    await expect(line).toHaveAttribute('data-how', 'unknown');
    await expect(line.getByTestId('fork-overwrite')).toBeDisabled();
    await expect(page.getByTestId('fork-overwrite-why')).toContainText('does not say which keys have a reducer');
    await page.getByTestId('fork-as-node').selectOption('first');
    await page.getByTestId('fork-submit').click();
    await expect(page.locator('[data-testid="timeline-row"][data-source="update"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 30_000 });
    await expect(page.getByTestId('run-item').last()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    // The fork's last checkpoint: `third` saw two steps (sent whole, `steps` would have been ["first", "first"]).
    const update = page.locator('[data-testid="timeline-row"][data-source="update"]');
    const lane = (await update.getAttribute('data-lane'))!;
    const rows = page.locator(`[data-testid="timeline-row"][data-lane="${lane}"]`);
    const last = await rows.evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-checkpoint-id')!, step: Number(e.getAttribute('data-step')) })).reduce((a, b) => (b.step > a.step ? b : a)));
    expect(last.id).not.toBe(forkPoint);
    await selectRow(page, `[data-testid="timeline-row"][data-checkpoint-id="${last.id}"]`);
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    const forked = JSON.parse(await page.getByTestId('fork-values').inputValue()) as { steps: string[]; note?: string };
    expect(forked.steps).toEqual(['first', 'second', 'third']);
    expect(forked.note).toBe('saw 2 steps');
  });

  test('subgraph namespaces: an interrupt inside a subgraph, its checkpoints in their namespace, and its resume', async ({ page, langgraph }) => {
    await addServer(page, langgraph.url);
    await runOnServer(page, 'subgraph', '{"ask": true}');
    await expect(page.getByTestId('interrupt-form')).toHaveCount(1, { timeout: 30_000 });
    const inner = page.locator('[data-testid="ns-node"][data-ns^="inner:"]');
    await expect(inner.first()).toBeVisible({ timeout: 30_000 });
    await inner.first().click();
    // The subgraph's own checkpoints, read from the server in its namespace.
    await expect.poll(() => count(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await page.locator('[data-testid="ns-node"][data-ns=""]').click();
    await page.getByTestId('interrupt-form').getByTestId('resume-input').fill('"fine"');
    await page.getByTestId('interrupt-form').getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('tab-state')).toContainText('inner_b:fine');
  });
});
